import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureReason } from './failure.ts';

describe('failure reasons', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-fail-'));

  it("prefers the wrapper's declared reason", async () => {
    writeFileSync(join(dir, 'a'), 'noise\nYUNYAO_ERROR: 输入文件 x.sdf 第 3 条记录无法解析\n');
    expect(await failureReason(join(dir, 'a'), 'convert', 1)).toBe('输入文件 x.sdf 第 3 条记录无法解析');
  });

  it("falls back to the engine's last lines", async () => {
    writeFileSync(join(dir, 'b'), Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'));
    const reason = await failureReason(join(dir, 'b'), 'convert', 2);
    expect(reason).toContain('退出码 2');
    expect(reason).toContain('line 19');
    expect(reason).not.toContain('line 5\n');
  });
});
