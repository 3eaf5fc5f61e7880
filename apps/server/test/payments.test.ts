import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceFen, selectRows, verifyLedger } from '@yunyao/db';
import { SandboxPaymentProvider } from '@yunyao/platform';
import type { RechargeQrCode, RechargeRow, RefundRow } from '@yunyao/contract';
import { runOpsCommand } from '../src/ops/commands.ts';
import { findRecharge, reconcilePendingOrder } from '../src/payments/payments.service.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
let sandbox: SandboxPaymentProvider;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  sandbox = new SandboxPaymentProvider({ publicUrl: t.config.publicUrl, secret: t.config.payments.sandboxSecret });
});
afterAll(() => t?.close());

const db = () => t.platform.deps.database.db;
const ops = (...args: string[]) => runOpsCommand(t.platform.deps.database, t.config, args);

async function order(token: string, amount: number | string): Promise<string> {
  const res = await t.api<{ order_id: string }>('/api/recharges', { method: 'POST', token, json: { amount, channel: 'wechat' } });
  expect(res.body.errno, res.body.errmsg).toBe(0);
  return res.body.data.order_id;
}

async function confirmWith(orderId: string, confirmToken: string) {
  return t.api<{ status: number; status_text: string }>(`/api/pay/sandbox/${orderId}/confirm?token=${encodeURIComponent(confirmToken)}`, { method: 'POST' });
}

/** The sandbox page's pay button, with the confirm token that the order's QR code carries. */
async function confirm(orderId: string) {
  const { codeUrl } = (await findRecharge(db(), orderId))!;
  return confirmWith(orderId, new URL(codeUrl!).searchParams.get('token')!);
}

async function notify(n: { headers: Record<string, string>; body: string }) {
  const res = await fetch(`${t.url}/api/pay/wechat/notify`, { method: 'POST', headers: n.headers, body: n.body });
  return { status: res.status, body: (await res.json()) as { code: string } };
}

async function rechargeEntries(orderId: string): Promise<number> {
  const rows = await selectRows<{ n: string }>(db(), sql`select count(*) as n from ledger_entries where kind = 'recharge' and ref = ${`recharge:${orderId}`}`);
  return Number(rows[0]!.n);
}

async function rows(token: string): Promise<RechargeRow[]> {
  return (await t.api<RechargeRow[]>('/api/recharges', { token })).body.data;
}

describe('recharge payments', () => {
  it('creates an order with a QR code and credits the exact amount once the sandbox payment is confirmed', async () => {
    const { token, userId } = await newUser(t, 'pay1@example.com', 0);
    const orderId = await order(token, 100);
    expect(orderId).toMatch(/^YY\d{20}$/);

    const qr = await t.api<RechargeQrCode>(`/api/recharges/${orderId}`, { token });
    expect(qr.status).toBe(200);
    expect(qr.body.data).toMatchObject({ order_id: orderId, amount: 100, status: 1, status_text: '待支付', provider: 'sandbox' });
    expect(qr.body.data.qrcode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);

    const paid = await confirm(orderId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ errno: 0, errmsg: '微信支付成功！', data: { status: 3, status_text: '已支付' } });
    expect(await balanceFen(db(), userId)).toBe(10_000);
    const info = await t.api<{ balance: number }>('/api/user/info', { token });
    expect(info.body.data.balance).toBe(100);
    expect((await t.api<RechargeQrCode>(`/api/recharges/${orderId}`, { token })).body.data).toMatchObject({ status: 3, status_text: '已支付' });
    expect((await rows(token))[0]).toMatchObject({ order_id: orderId, amount: 100, status: 3, status_text: '已支付', can_invoice: true, can_refund: true, channel: 'wechat' });
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
  });

  it("confirms a sandbox payment only with the confirm token of the order's QR code, which only its owner sees", async () => {
    const { token, userId } = await newUser(t, 'free-money@example.com', 0);
    const orderId = await order(token, 10);
    const otherOrderId = await order(token, 20);
    const qr = (await t.api<RechargeQrCode>(`/api/recharges/${orderId}`, { token })).body.data;
    const codeUrl = new URL(qr.code_url);
    expect(`${codeUrl.origin}${codeUrl.pathname}`).toBe(`${t.config.publicUrl}/pay/sandbox/${orderId}`);
    const confirmToken = codeUrl.searchParams.get('token')!;

    // An order id alone, a made-up token or another order's token credit nothing.
    const bare = await t.api(`/api/pay/sandbox/${orderId}/confirm`, { method: 'POST' });
    expect(bare.status).toBe(400);
    expect(bare.body.errmsg).toBe('缺少支付确认凭证！');
    const forged = await confirmWith(orderId, 'x'.repeat(43));
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ errno: 40330, errmsg: '支付确认凭证无效，请扫描订单的二维码付款！' });
    expect((await confirmWith(otherOrderId, confirmToken)).status).toBe(403);
    expect(await balanceFen(db(), userId)).toBe(0);
    expect(await rechargeEntries(orderId)).toBe(0);

    const paid = await confirmWith(orderId, confirmToken);
    expect(paid.body).toMatchObject({ errno: 0, data: { status: 3 } });
    expect(await balanceFen(db(), userId)).toBe(1000);
  });

  it('credits once for replayed confirmations and replayed notifications', async () => {
    const { token, userId } = await newUser(t, 'pay2@example.com', 0);
    const orderId = await order(token, 50);
    const n = sandbox.buildNotification(orderId, 5000);
    expect((await notify(n)).body.code).toBe('SUCCESS');
    expect((await notify(n)).body.code).toBe('SUCCESS');
    expect((await confirm(orderId)).body.errno).toBe(0);
    expect((await confirm(orderId)).body.errno).toBe(0);
    expect(await balanceFen(db(), userId)).toBe(5000);
    expect(await rechargeEntries(orderId)).toBe(1);
  });

  it('credits once for 20 concurrent notifications of one order', async () => {
    const { token, userId } = await newUser(t, 'pay3@example.com', 0);
    const orderId = await order(token, 200);
    const results = await Promise.all(Array.from({ length: 20 }, () => notify(sandbox.buildNotification(orderId, 20_000))));
    expect(results.every((r) => r.status === 200 && r.body.code === 'SUCCESS')).toBe(true);
    expect(await balanceFen(db(), userId)).toBe(20_000);
    expect(await rechargeEntries(orderId)).toBe(1);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('rejects a notification with a bad signature and credits nothing', async () => {
    const { token, userId } = await newUser(t, 'pay4@example.com', 0);
    const orderId = await order(token, 100);
    const forged = new SandboxPaymentProvider({ publicUrl: t.config.publicUrl, secret: 'not-the-platform-secret-'.repeat(3) }).buildNotification(orderId, 10_000);
    const bad = await notify(forged);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).toBe('FAIL');
    const good = sandbox.buildNotification(orderId, 10_000);
    const tampered = await notify({ headers: good.headers, body: good.body.replace('10000', '99900') });
    expect(tampered.status).toBe(401);
    const unsigned = await notify({ headers: { 'content-type': 'application/json' }, body: good.body });
    expect(unsigned.status).toBe(401);
    // A genuine notification whose amount differs from the order's is not applied either.
    const wrongAmount = await notify(sandbox.buildNotification(orderId, 1));
    expect(wrongAmount.status).toBe(400);
    expect(await balanceFen(db(), userId)).toBe(0);
    expect((await rows(token))[0]).toMatchObject({ status: 1, status_text: '待支付', can_refund: false, can_invoice: false });
    expect(await rechargeEntries(orderId)).toBe(0);
  });

  it("refuses another user's order (403) and an unknown order (404)", async () => {
    const owner = await newUser(t, 'owner@example.com', 0);
    const other = await newUser(t, 'other@example.com', 500);
    const orderId = await order(owner.token, 100);
    expect((await t.api(`/api/recharges/${orderId}`, { token: other.token })).status).toBe(403);
    expect((await t.api('/api/recharges/YY00000000000000000000', { token: other.token })).status).toBe(404);
    await confirm(orderId);
    expect((await t.api('/api/recharge/refund', { method: 'POST', token: other.token, json: { order_id: orderId } })).status).toBe(403);
    expect(await rows(other.token)).toEqual([]);
    expect((await t.api('/api/recharges')).status).toBe(401);
  });

  it('takes amounts with at most 2 decimals and stores integer fen', async () => {
    const { token } = await newUser(t, 'cents@example.com', 0);
    const bad = await t.api('/api/recharges', { method: 'POST', token, json: { amount: 10.005, channel: 'wechat' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toBe('金额最多两位小数！');
    expect((await t.api('/api/recharges', { method: 'POST', token, json: { amount: 9.99 } })).status).toBe(400);
    expect((await t.api('/api/recharges', { method: 'POST', token, json: { amount: 100, channel: 'alipay' } })).status).toBe(400);
    const orderId = await order(token, 10.01);
    const stored = await selectRows<{ amount_fen: string }>(db(), sql`select amount_fen from recharges where order_id = ${orderId}`);
    expect(Number(stored[0]!.amount_fen)).toBe(1001);
    expect((await t.api<RechargeQrCode>(`/api/recharges/${orderId}`, { token })).body.data.amount).toBe(10.01);
  });
});

describe('refunds', () => {
  it('requests, approves and rejects refunds; the balance, ledger and status texts follow', async () => {
    const { token, userId } = await newUser(t, 'refund@example.com', 0);
    const first = await order(token, 100);
    const second = await order(token, 30);
    await confirm(first);
    await confirm(second);
    expect(await balanceFen(db(), userId)).toBe(13_000);

    // Recharge refund of the first order.
    const req1 = await t.api<{ id: number }>('/api/recharge/refund', { method: 'POST', token, json: { order_id: first } });
    expect(req1.body).toMatchObject({ errno: 0, errmsg: '退款申请已成功，等待工作人员处理，关注退款状态！' });
    const again = await t.api('/api/recharge/refund', { method: 'POST', token, json: { order_id: first } });
    expect(again.status).toBe(400);
    let list = await rows(token);
    expect(list.find((r) => r.order_id === first)).toMatchObject({ status: 3, status_text: '退款中', can_refund: false });
    // 130 balance, 100 reserved: 30 left, so the 30 order can still be refunded.
    expect(list.find((r) => r.order_id === second)).toMatchObject({ status_text: '已支付', can_refund: true });

    // Balance refunds: more than the balance minus pending refunds is refused.
    const tooMuch = await t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 30.01, name: '张三', account: '6222 0000' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errmsg).toContain('30.00');
    const missing = await t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 10, name: '', account: 'x' } });
    expect(missing.body.errmsg).toBe('请输入收款主体!');
    const req2 = await t.api<{ id: number }>('/api/balance/refund', { method: 'POST', token, json: { amount: 20, name: '张三', account: '6222 0000' } });
    expect(req2.body).toMatchObject({ errno: 0, errmsg: '余额退款申请成功，请联系客服人员进行退款!' });
    const req3 = await t.api<{ id: number }>('/api/balance/refund', { method: 'POST', token, json: { amount: 5, name: '张三', account: '6222 0000' } });
    expect(req3.body.errno).toBe(0);
    // Now 130 - 100 - 20 - 5 = 5 left: the 30 order is no longer refundable.
    expect((await rows(token)).find((r) => r.order_id === second)!.can_refund).toBe(false);
    expect((await t.api('/api/recharge/refund', { method: 'POST', token, json: { order_id: second } })).status).toBe(400);

    let refunds = (await t.api<RefundRow[]>('/api/balance/refunds', { token })).body.data;
    expect(refunds.map((r) => [r.kind, r.amount, r.status_text])).toEqual([
      ['balance', 5, '待处理'],
      ['balance', 20, '待处理'],
      ['recharge', 100, '待处理'],
    ]);
    expect(refunds[2]).toMatchObject({ order_id: first, name: null, account: null });
    expect(refunds[1]).toMatchObject({ order_id: null, name: '张三', account: '6222 0000' });
    expect(await balanceFen(db(), userId)).toBe(13_000); // nothing leaves before staff approve

    const pending = await ops('refund:list', '--pending');
    expect(pending.lines).toHaveLength(1 + (await selectRows<{ n: string }>(db(), sql`select count(*) as n from refunds where status = 'pending'`)).map((r) => Number(r.n))[0]!);

    expect(await ops('refund:approve', String(req1.body.data.id), '--note', 'ok')).toMatchObject({ code: 0 });
    expect(await ops('refund:approve', String(req1.body.data.id))).toMatchObject({ code: 1 });
    expect(await ops('refund:approve', String(req2.body.data.id))).toMatchObject({ code: 0 });
    expect(await ops('refund:reject', String(req3.body.data.id))).toMatchObject({ code: 2 });
    expect(await ops('refund:reject', String(req3.body.data.id), '--note', 'duplicate')).toMatchObject({ code: 0 });
    expect(await balanceFen(db(), userId)).toBe(1000);
    expect((await t.api<{ balance: number }>('/api/user/info', { token })).body.data.balance).toBe(10);

    refunds = (await t.api<RefundRow[]>('/api/balance/refunds', { token })).body.data;
    expect(refunds.map((r) => r.status_text)).toEqual(['已拒绝', '已退款', '已退款']);
    list = await rows(token);
    expect(list.find((r) => r.order_id === first)).toMatchObject({ status: 4, status_text: '已退款', can_refund: false, can_invoice: false });
    expect(list.find((r) => r.order_id === second)).toMatchObject({ status: 3, can_refund: false }); // 10 left < 30
    // A late notification for the refunded order credits nothing.
    await notify(sandbox.buildNotification(first, 10_000));
    expect(await balanceFen(db(), userId)).toBe(1000);
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
  });

  it('refuses an approval that would make the balance negative', async () => {
    const { token, userId } = await newUser(t, 'spender@example.com', 50);
    const req = await t.api<{ id: number }>('/api/balance/refund', { method: 'POST', token, json: { amount: 40, name: '李四', account: 'acc' } });
    expect(req.body.errno).toBe(0);
    // Task charges keep running while a refund waits.
    await ops('credit', 'spender@example.com', '-20', '--reason', 'task charges');
    const refused = await ops('refund:approve', String(req.body.data.id));
    expect(refused.code).toBe(1);
    expect(refused.lines.join(' ')).toMatch(/balance/);
    expect(await balanceFen(db(), userId)).toBe(3000);
    expect((await t.api<RefundRow[]>('/api/balance/refunds', { token })).body.data[0]!.status_text).toBe('待处理');
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
  });

  it('accepts concurrent balance refund requests only up to the balance', async () => {
    const { token } = await newUser(t, 'rush@example.com', 100);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 30, name: '王五', account: 'acc' } })),
    );
    expect(results.filter((r) => r.body.errno === 0)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
  });

  it('ledger:verify notices a payment booked twice', async () => {
    const { token, userId } = await newUser(t, 'double@example.com', 0);
    const orderId = await order(token, 10);
    await confirm(orderId);
    await db().execute(sql`insert into ledger_entries (user_id, kind, amount_fen, reason, ref) values (${userId}, 'recharge', 1000, 'dup', null)`);
    await db().execute(sql`update users set balance_fen = balance_fen + 1000 where id = ${userId}`);
    const result = await ops('ledger:verify');
    expect(result.code).toBe(1);
    expect(result.lines.join('\n')).toContain('double@example.com');
    await db().execute(sql`delete from ledger_entries where user_id = ${userId} and ref is null and kind = 'recharge'`);
    await db().execute(sql`update users set balance_fen = balance_fen - 1000 where id = ${userId}`);
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
  });
});

describe('pending orders while the dialog polls', () => {
  const provider = (state: string, amountFen?: number) =>
    Object.assign(Object.create(sandbox) as SandboxPaymentProvider, {
      queryOrder: async (orderId: string) => ({ orderId, state, transactionId: `query-${orderId}`, amountFen }),
    });

  it('credits a payment whose callback was lost, once, when the provider says it was paid', async () => {
    const { token, userId } = await newUser(t, 'lost-callback@example.com', 0);
    const orderId = await order(token, 20);
    const record = (await findRecharge(db(), orderId))!;
    const later = record.createdAt.getTime() + 20_000;
    const paid = await reconcilePendingOrder(db(), provider('SUCCESS', 2_000), record, later);
    expect(paid.status).toBe(3);
    await reconcilePendingOrder(db(), provider('SUCCESS', 2_000), record, later);
    expect(await balanceFen(db(), userId)).toBe(2_000);
    expect(await rechargeEntries(orderId)).toBe(1);
    // A query reporting another amount never credits.
    const other = await order(token, 30);
    const otherRecord = (await findRecharge(db(), other))!;
    await reconcilePendingOrder(db(), provider('SUCCESS', 1), otherRecord, otherRecord.createdAt.getTime() + 20_000);
    expect(await rechargeEntries(other)).toBe(0);
  });

  it('closes an order left unpaid past two hours, and a closed order shows 已关闭', async () => {
    const { token } = await newUser(t, 'expired-order@example.com', 0);
    const orderId = await order(token, 10);
    await db().execute(sql`update recharges set created_at = now() - interval '3 hours' where order_id = ${orderId}`);
    const qr = await t.api<RechargeQrCode>(`/api/recharges/${orderId}`, { token });
    expect(qr.body.data).toMatchObject({ status: 2, status_text: '已关闭' });
    expect((await rows(token)).find((r) => r.order_id === orderId)).toMatchObject({ status: 2, can_refund: false, can_invoice: false });
    // A fresh order is not asked about or closed.
    const fresh = await order(token, 10);
    expect((await t.api<RechargeQrCode>(`/api/recharges/${fresh}`, { token })).body.data.status).toBe(1);
  });
});
