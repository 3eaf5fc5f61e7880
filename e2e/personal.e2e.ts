/**
 * The personal centre in a real browser (issue 4): recharge 100 yuan through the
 * sandbox payment provider and see the balance, request an invoice for that
 * recharge through the 3-step wizard, send a feedback ticket and withdraw it, and
 * look at every section, make an access token and revoke it. Steps share one page and run in order.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints, RequestError } from './support/api.ts';
import { screenshot, settled } from './support/browser.ts';
import { E2E_PASSWORD, registerAndLogin } from './support/accounts.ts';
import { chooseOption } from './support/select.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `personal-${Date.now()}@example.com`;
let orderId = '';

const menu = (page: Page, index: number) => page.getByTestId(`user-menu-${index}`).click();

describe('personal centre journey', () => {
  test('a new user logs in and opens the personal centre', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, email);
    await page.goto('/user');
    await expect.poll(() => page.getByTestId('overview-balance').getAttribute('data-value')).toBe('0');
    await page.getByTestId('official-qr').locator('img').waitFor();
    await screenshot(page, 'personal-00-overview-empty');
  });

  test('recharging 100 yuan with the sandbox provider credits the balance', async () => {
    const { page, browser } = e2e;
    await page.goto('/user?isCharge=true');
    await page.getByTestId('recharge-panel').waitFor();
    await page.getByTestId('recharge-preset-200').click();
    await page.getByTestId('recharge-preset-100').click();
    await expect.poll(() => page.getByTestId('recharge-amount').innerText()).toBe('100.00');
    await screenshot(page, 'personal-01-funds');

    await page.getByTestId('recharge-submit').click();
    const dialog = page.getByTestId('pay-dialog');
    await dialog.waitFor();
    orderId = (await dialog.getAttribute('data-order')) ?? '';
    expect(orderId).not.toBe('');
    await page.getByTestId('pay-sandbox-tag').waitFor();
    await dialog.locator('img').waitFor();
    await screenshot(page, 'personal-02-pay-dialog');

    // The link opens the sandbox page in a new tab of the same browser context (same login).
    const [sandbox] = await Promise.all([browser.context.waitForEvent('page'), page.getByTestId('pay-sandbox-link').click()]);
    await sandbox.waitForLoadState();
    expect(new URL(sandbox.url()).pathname).toBe(`/pay/sandbox/${orderId}`);
    await sandbox.getByTestId('sandbox-confirm').waitFor();
    await screenshot(sandbox, 'personal-03-sandbox-page');
    await sandbox.getByTestId('sandbox-confirm').click();
    await sandbox.getByTestId('sandbox-success').waitFor();
    await screenshot(sandbox, 'personal-04-sandbox-paid');
    await sandbox.close();

    // The dialog's polling sees status 3.
    await page.getByText('微信支付成功！').waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(`[data-testid="recharge-row"][data-order="${orderId}"][data-status="3"]`).waitFor();
    await screenshot(page, 'personal-05-funds-paid');

    await menu(page, 0);
    await expect.poll(() => page.getByTestId('overview-balance').getAttribute('data-value')).toBe('100');
  });

  test('an invoice is requested for that recharge in three steps', async () => {
    const { page } = e2e;
    await menu(page, 2);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'invoice');

    // A saved invoice info, added through the form (with its required messages).
    await page.getByTestId('invoice-add').click();
    // The dialog's opening animation must end first: a click during it was lost on a loaded CI machine.
    await (await settled(page.getByTestId('invoice-save'))).click();
    await page.getByText('请输入发票抬头!').waitFor();
    await page.getByText('请输入收件地址邮编!').waitFor();
    const fill = async (name: string, value: string) => page.getByTestId(`invoice-field-${name}`).fill(value);
    await fill('header', '云药测试研究所');
    await fill('serial_num', '91110000123456789X');
    await fill('user_name', '张三');
    await fill('cell_phone', '13800000000');
    await fill('user_address', '北京市海淀区中关村大街 1 号');
    await fill('zip_code', '100080');
    await page.getByTestId('invoice-save').click();
    await page.getByTestId('invoice-info-row').first().waitFor();

    await page.getByTestId('invoice-apply').click();
    const wizard = page.getByTestId('invoice-wizard');
    await wizard.waitFor();
    await page.getByTestId('invoice-apply-next').click();
    await page.getByText('请选择要开票的充值订单！').waitFor();
    await chooseOption(wizard.getByTestId('invoice-apply-order'), orderId, { exact: false });
    await expect.poll(() => page.getByTestId('invoice-apply-amount').innerText()).toContain('100.00');
    await screenshot(page, 'personal-06-invoice-step1');
    await page.getByTestId('invoice-apply-next').click();
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('1');
    await chooseOption(wizard.getByTestId('invoice-apply-saved'), '云药测试研究所', { exact: false });
    await screenshot(page, 'personal-07-invoice-step2');
    await page.getByTestId('invoice-apply-next').click();
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('2');
    // The saved info's recipient fills step 3; previous and next keep what was chosen.
    await expect.poll(() => page.getByTestId('invoice-field-user_name').inputValue()).toBe('张三');
    await page.getByTestId('invoice-apply-prev').click();
    await expect.poll(() => wizard.getAttribute('data-step')).toBe('1');
    await page.getByTestId('invoice-apply-next').click();
    await screenshot(page, 'personal-08-invoice-step3');
    await page.getByTestId('invoice-apply-submit').click();
    await page.getByText('开票成功，稍后将邮寄到收件地址!').waitFor();
    await page.locator(`[data-testid="applied-invoice-row"][data-order="${orderId}"]`).waitFor();
    await screenshot(page, 'personal-09-invoices');
  });

  test('a feedback ticket is sent and withdrawn', async () => {
    const { page } = e2e;
    await menu(page, 6);
    await page.getByTestId('feedback-submit').click();
    await page.getByText('请输入反馈内容！').waitFor();
    await page.getByTestId('feedback-content').fill('任务 123 的结果文件下载失败，提示文件不存在。');
    await page.getByTestId('feedback-contact').fill('13800000000');
    await page.getByTestId('feedback-submit').click();
    await page.getByText('提交反馈成功！').waitFor();
    const row = page.getByTestId('feedback-row').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('pending');
    await screenshot(page, 'personal-10-feedback');
    await row.getByTestId('feedback-revoke').click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }))).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('revoked');
    expect(await row.getByTestId('feedback-revoke').count()).toBe(0);
  });

  test('an access token is shown once, works as a bearer and is revoked', async () => {
    const { page } = e2e;
    /** The errno GET /api/user/info answers the token: 0 while it works. */
    const userInfoErrno = (token: string) =>
      apiClient(e2e.baseUrl, token)
        .call(endpoints.user.info)
        .then(
          () => 0,
          (err: unknown) => (err instanceof RequestError ? err.errno : Promise.reject(err)),
        );
    await menu(page, 7);
    const card = page.getByTestId('tokens-card');
    await card.getByText('暂无访问令牌').waitFor();

    await page.getByTestId('token-create').click();
    // After the dialog's opening animation: a click during it was lost on a loaded CI run.
    await (await settled(page.getByTestId('token-create-submit'))).click();
    await page.getByText('请输入令牌名称！').waitFor();
    await page.getByTestId('token-name').fill('实验室脚本');
    await page.getByTestId('token-create-submit').click();
    const secret = await (await settled(page.getByTestId('token-secret'))).inputValue();
    expect(secret).toMatch(/^yyp_[\w-]{43}$/);
    await page.getByText('关闭此窗口后将无法再次查看该令牌').waitFor();
    await screenshot(page, 'personal-10a-token-created');
    await page.getByTestId('token-secret-done').click();

    const row = card.locator('tbody tr').filter({ hasText: '实验室脚本' });
    await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
    await row.getByText('从未使用').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await userInfoErrno(secret)).toBe(0);
    await screenshot(page, 'personal-10b-tokens');

    // The feedback step's 撤销成功！ may still be showing; the toast checked below must be this revoke's.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
    await row.getByTestId('token-revoke').click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }))).click();
    await page.getByText('撤销成功！').waitFor();
    await card.getByText('暂无访问令牌').waitFor();
    expect(await userInfoErrno(secret)).toBe(50008);
  });

  test('the other sections render; closing the account can be cancelled', async () => {
    const { page } = e2e;
    await menu(page, 3);
    await expect.poll(() => page.getByTestId('profile-email').innerText()).toBe(email);
    await page.getByTestId('revoke-account').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '永久删除' });
    await settled(confirm);
    expect(await confirm.innerText()).toContain('超算');
    await screenshot(page, 'personal-11-profile-revoke');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByText('已取消注销！').waitFor();

    await menu(page, 4);
    await page.getByTestId('hpc-usage').waitFor();
    await page.getByTestId('terminal-tasks').getByText('作业运行后').waitFor();
    await screenshot(page, 'personal-12-terminal');
    // The same jobs under 任务管理 → 超算直连计费, which leads back here to apply for an account.
    await page.goto('/calculate/terminal');
    await page.getByTestId('terminal-page').getByTestId('terminal-tasks').getByText('作业运行后').waitFor();
    await page.getByTestId('hpc-prices').getByText('云药超算').waitFor();
    await screenshot(page, 'personal-12b-calculate-terminal');
    await page.getByTestId('terminal-apply-link').click();
    await page.getByTestId('hpc-apply').waitFor();

    await menu(page, 5);
    await page.getByTestId('invite-url').waitFor();
    await page.getByTestId('invite-copy').click();
    await page.getByText('复制成功！').waitFor();
    await screenshot(page, 'personal-13-invite');

    await menu(page, 0);
    await page.getByTestId('overview-refund').click();
    // A click during the dialog's opening animation is lost, as the invoice dialog's was.
    await (await settled(page.locator('.ant-modal').filter({ hasText: '收款主体' }).getByRole('button', { name: /确\s*定/ }))).click();
    await page.getByText('请输入退款金额!').waitFor();
    await page.getByText('请输入收款账号!').waitFor();
    await screenshot(page, 'personal-14-refund-dialog');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1024, height: 768 });
    await menu(page, 1);
    await page.getByTestId('recharge-records').waitFor();
    await screenshot(page, 'personal-15-funds-1024');
    await menu(page, 0);
    await expect.poll(() => page.getByTestId('overview-balance').getAttribute('data-value')).toBe('100');
    await screenshot(page, 'personal-16-overview-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('a balance refund waits for staff; once approved the balance and the list follow', async () => {
    const { page, platform } = e2e;
    await menu(page, 0);
    await page.getByTestId('overview-refund').click();
    await page.locator('input[data-testid="refund-amount"], [data-testid="refund-amount"] input').first().fill('30');
    await page.getByTestId('refund-name').fill('张三');
    await page.getByTestId('refund-account').fill('6214 0000 0000 0000');
    // A click during the dialog's opening animation is lost, as the invoice dialog's was.
    await (await settled(page.locator('.ant-modal').filter({ hasText: '收款主体' }).getByRole('button', { name: /确\s*定/ }))).click();
    await (await settled(page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }))).click();
    await page.getByText('余额退款申请成功，请联系客服人员进行退款!').waitFor();
    const list = page.getByTestId('refund-list');
    await list.getByText('待处理').waitFor();
    // Money leaves only when staff approve it.
    await expect.poll(() => page.getByTestId('overview-balance').getAttribute('data-value')).toBe('100');

    const pending = await platform.ops('refund:list', '--pending');
    const id = pending.stdout.split('\n').find((l) => l.includes(email))?.split('\t')[0];
    expect(id).toBeTruthy();
    expect((await platform.ops('refund:approve', id!, '--note', 'paid by bank transfer')).code).toBe(0);
    await page.reload();
    await list.getByText('已退款').waitFor();
    await expect.poll(() => page.getByTestId('overview-balance').getAttribute('data-value')).toBe('70');
    await screenshot(page, 'personal-17-refund-approved');
  });

  test('closing the account logs out and the login no longer works', async () => {
    const { page } = e2e;
    await menu(page, 3);
    await page.getByTestId('revoke-account').click();
    await (await settled(page.getByTestId('revoke-account-ok'))).click();
    await page.getByText('注销成功！').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    const login = apiClient(e2e.baseUrl).call(endpoints.user.login, { body: { account: email, password: E2E_PASSWORD } });
    await expect(login).rejects.toMatchObject({ errno: expect.any(Number) });
  });
});
