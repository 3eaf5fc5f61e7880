import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './browser.ts';

/**
 * Picks the option whose text is `label` in an antd Select and waits until the select shows it.
 * Under load antd can swallow a click that lands while the opening list re-renders: the
 * option turns active and nothing is chosen. The click is then repeated until the choice
 * shows. `exact: false` matches a part of the option's text.
 */
export async function chooseOption(select: Locator, label: string, { exact = true } = {}): Promise<void> {
  const dropdown = select.page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: exact ? new RegExp(`^${escaped}$`) : label }).first();
  await expect
    .poll(
      async () => {
        if (!(await option.isVisible())) await select.click();
        await (await settled(option)).click();
        return select.innerText();
      },
      { timeout: 60_000, interval: 500 },
    )
    .toContain(label);
}
