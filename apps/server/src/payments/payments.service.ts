import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, RechargeStatus, errors, fenToYuan, type RechargeRow, type RefundRow } from '@yunyao/contract';
import { addLedgerEntry, availability, schema, selectRows, type Db, type Queryable } from '@yunyao/db';
import {
  PaymentProviderError,
  PaymentSignatureError,
  SandboxPaymentProvider,
  createPaymentProvider,
  wechatProviderFromConfig,
  type Config,
  type NotificationHeaders,
  type PaymentNotification,
  type PaymentProvider,
} from '@yunyao/platform';
import { formatDate } from '../format.ts';

const { recharges, refunds, users, ledgerEntries } = schema;

export type RechargeRecord = typeof recharges.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;

/** Merchant order number: YY + China-time timestamp to the second + 6 random digits (22 chars; WeChat allows 6 to 32). */
export function newOrderId(now = new Date()): string {
  const stamp = formatDate(now).replace(/\D/g, '');
  return `YY${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The provider's refund number for one of our refund rows. */
export const providerRefundId = (refundId: number) => `YYRF${refundId}`;

export function rechargeStatusText(status: number, refundPending = false): string {
  if (status === RechargeStatus.paid) return refundPending ? '退款中' : '已支付';
  if (status === RechargeStatus.refunded) return '已退款';
  if (status === RechargeStatus.closed) return '已关闭';
  return '待支付';
}

export const REFUND_STATUS_TEXT = { pending: '待处理', approved: '已退款', rejected: '已拒绝' } as const;

/** The provider that took an order of this kind (a sandbox order stays a sandbox order when the configuration changes). */
export function providerFor(kind: string, config: Config, active?: PaymentProvider): PaymentProvider {
  if (active?.kind === kind) return active;
  if (kind === 'sandbox') return new SandboxPaymentProvider({ publicUrl: config.publicUrl, secret: config.payments.sandboxSecret });
  if (kind === 'wechat' && config.payments.wechat) return wechatProviderFromConfig(config.payments.wechat);
  if (!active) return createPaymentProvider(config);
  throw new Error(`no ${kind} payment provider is configured`);
}

async function lockUser(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.select({ balance: users.balanceFen }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new ApiError(errors.tokenRevoked);
  return row.balance;
}

/**
 * What a refund request may claim: the balance less what live tasks hold and the refunds
 * waiting for staff (`availability`), read after locking the user's row.
 */
async function refundableFen(q: Queryable, userId: number): Promise<number> {
  await lockUser(q, userId);
  return (await availability(q, userId)).availableFen;
}

export async function createRecharge(db: Db, provider: PaymentProvider, userId: number, amountFen: number, channel: string): Promise<RechargeRecord> {
  const orderId = newOrderId();
  const { codeUrl } = await provider.createNativeOrder({ orderId, amountFen, description: '云药账户充值' });
  const [row] = await db.insert(recharges).values({ orderId, userId, channel, provider: provider.kind, amountFen, codeUrl, status: RechargeStatus.pending }).returning();
  return row!;
}

export async function findRecharge(db: Queryable, orderId: string): Promise<RechargeRecord | undefined> {
  const [row] = await db.select().from(recharges).where(eq(recharges.orderId, orderId));
  return row;
}

export async function listRecharges(db: Db, userId: number): Promise<RechargeRow[]> {
  const rows = await db.select().from(recharges).where(eq(recharges.userId, userId)).orderBy(desc(recharges.createdAt), desc(recharges.id));
  const open = rows.length
    ? await db
        .select({ rechargeId: refunds.rechargeId, status: refunds.status })
        .from(refunds)
        .where(and(eq(refunds.userId, userId), eq(refunds.kind, 'recharge'), inArray(refunds.status, ['pending', 'approved'])))
    : [];
  const pending = new Set(open.filter((r) => r.status === 'pending').map((r) => r.rechargeId));
  const taken = new Set(open.map((r) => r.rechargeId));
  const available = (await availability(db, userId)).availableFen;
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    channel: r.channel,
    amount: fenToYuan(r.amountFen),
    created_at: formatDate(r.createdAt),
    status: r.status,
    status_text: rechargeStatusText(r.status, pending.has(r.id)),
    can_invoice: r.status === RechargeStatus.paid,
    can_refund: r.status === RechargeStatus.paid && !taken.has(r.id) && available >= r.amountFen,
  }));
}

export type NotificationOutcome =
  | { result: 'credited' | 'already_paid' | 'not_paid'; orderId: string }
  | { result: 'unknown_order' | 'amount_mismatch'; orderId: string };

/**
 * The one path by which a payment credits a balance, for WeChat's callbacks and
 * the sandbox's alike: verify the notification, then in one transaction lock the
 * order, mark it paid and write the ledger entry `recharge:<order_id>`. The lock
 * and the unique (kind, ref) make replayed and concurrent callbacks credit once.
 * Throws PaymentSignatureError (nothing written) when the notification is not authentic.
 */
export async function handlePaymentNotification(db: Db, provider: PaymentProvider, headers: NotificationHeaders, rawBody: string): Promise<NotificationOutcome> {
  const n = provider.verifyNotification(headers, rawBody);
  if (!n.paid) return { result: 'not_paid', orderId: n.orderId };
  return settlePaidOrder(db, provider, n);
}

/**
 * Marks one verified payment paid and credits it, once: lock the order, check
 * provider and amount, set status 3 and write the ledger entry `recharge:<order_id>`.
 * Both a provider's notification and an order query end here.
 */
async function settlePaidOrder(db: Db, provider: PaymentProvider, n: PaymentNotification): Promise<NotificationOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(recharges).where(eq(recharges.orderId, n.orderId)).for('update');
    if (!order || order.provider !== provider.kind) return { result: 'unknown_order', orderId: n.orderId };
    if (order.status === RechargeStatus.paid || order.status === RechargeStatus.refunded) return { result: 'already_paid', orderId: n.orderId };
    if (!Number.isSafeInteger(n.amountFen) || n.amountFen !== order.amountFen) return { result: 'amount_mismatch', orderId: n.orderId };
    await tx
      .update(recharges)
      .set({ status: RechargeStatus.paid, transactionId: n.transactionId, paidAt: new Date(), updatedAt: new Date() })
      .where(eq(recharges.id, order.id));
    await addLedgerEntry(tx, {
      userId: order.userId,
      kind: 'recharge',
      amountFen: order.amountFen,
      reason: provider.kind === 'sandbox' ? '充值（沙箱支付）' : '充值（微信支付）',
      ref: `recharge:${order.orderId}`,
    });
    return { result: 'credited', orderId: n.orderId };
  });
}

/** WeChat Native orders expire after two hours; ours close with them. */
export const ORDER_TTL_MS = 2 * 60 * 60 * 1000;
/** A pending order younger than this is not asked about yet: its callback normally arrives first. */
const QUERY_AFTER_MS = 15_000;

/**
 * Called while the payment dialog polls a pending order: asks the provider
 * when the callback is late (a lost callback still credits, through the same
 * path), and closes the order once it has expired unpaid.
 */
export async function reconcilePendingOrder(db: Db, provider: PaymentProvider, order: RechargeRecord, now = Date.now()): Promise<RechargeRecord> {
  if (order.status !== RechargeStatus.pending || order.provider !== provider.kind) return order;
  const age = now - order.createdAt.getTime();
  if (age < QUERY_AFTER_MS) return order;
  let state = 'UNKNOWN';
  try {
    const q = await provider.queryOrder(order.orderId);
    state = q.state;
    if (q.state === 'SUCCESS' && q.transactionId && q.amountFen !== undefined) {
      await settlePaidOrder(db, provider, { orderId: order.orderId, transactionId: q.transactionId, amountFen: q.amountFen, paid: true });
    }
  } catch (err) {
    // The provider is unreachable: keep waiting for the callback; nothing is lost.
    if (!(err instanceof PaymentProviderError)) throw err;
  }
  if (state !== 'SUCCESS' && (state === 'CLOSED' || age > ORDER_TTL_MS)) {
    await db
      .update(recharges)
      .set({ status: RechargeStatus.closed, updatedAt: new Date() })
      .where(and(eq(recharges.id, order.id), eq(recharges.status, RechargeStatus.pending)));
  }
  return (await findRecharge(db, order.orderId)) ?? order;
}

export { PaymentSignatureError };

/** POST /api/recharge/refund: a pending refund of the whole order, only where the row says can_refund. */
export async function requestRechargeRefund(db: Db, userId: number, orderId: string): Promise<RefundRecord> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(recharges).where(eq(recharges.orderId, orderId)).for('update');
    if (!order) throw new ApiError(errors.rechargeNotFound);
    if (order.userId !== userId) throw new ApiError(errors.forbidden);
    if (order.status !== RechargeStatus.paid) throw new ApiError(errors.refundNotAllowed);
    const [open] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.rechargeId, order.id), inArray(refunds.status, ['pending', 'approved'])));
    if (open) throw new ApiError(errors.refundNotAllowed, '该订单已申请退款，请勿重复申请！');
    if ((await refundableFen(tx, userId)) < order.amountFen) throw new ApiError(errors.refundExceedsBalance, '账户余额不足以退还该笔充值！');
    const [row] = await tx.insert(refunds).values({ userId, kind: 'recharge', rechargeId: order.id, amountFen: order.amountFen }).returning();
    return row!;
  });
}

/** POST /api/balance/refund: pays out part of the balance, at most what is neither held by tasks nor asked back already. */
export async function requestBalanceRefund(db: Db, userId: number, amountFen: number, name: string, account: string): Promise<RefundRecord> {
  return db.transaction(async (tx) => {
    const available = await refundableFen(tx, userId);
    if (amountFen > available) {
      throw new ApiError(errors.refundExceedsBalance, `退款金额不能超过可退余额 ${fenToYuan(Math.max(0, available)).toFixed(2)} 元！`);
    }
    const [row] = await tx.insert(refunds).values({ userId, kind: 'balance', amountFen, payeeName: name, payeeAccount: account }).returning();
    return row!;
  });
}

export async function listRefunds(db: Db, userId: number): Promise<RefundRow[]> {
  const rows = await db
    .select({ refund: refunds, orderId: recharges.orderId })
    .from(refunds)
    .leftJoin(recharges, eq(recharges.id, refunds.rechargeId))
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(({ refund: r, orderId }) => ({
    id: r.id,
    kind: r.kind,
    order_id: orderId,
    amount: fenToYuan(r.amountFen),
    name: r.payeeName,
    account: r.payeeAccount,
    created_at: formatDate(r.createdAt),
    updated_at: formatDate(r.updatedAt),
    status_text: REFUND_STATUS_TEXT[r.status],
  }));
}

export interface StaffRefundRow {
  refund: RefundRecord;
  email: string;
  orderId: string | null;
}

export async function listAllRefunds(db: Db, onlyPending = false): Promise<StaffRefundRow[]> {
  const rows = await db
    .select({ refund: refunds, email: users.email, orderId: recharges.orderId })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.userId))
    .leftJoin(recharges, eq(recharges.id, refunds.rechargeId))
    .where(onlyPending ? eq(refunds.status, 'pending') : undefined)
    .orderBy(refunds.id);
  return rows;
}

export class RefundDecisionError extends Error {}

async function lockPendingRefund(tx: Queryable, id: number): Promise<RefundRecord> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!refund) throw new RefundDecisionError(`no refund ${id}`);
  if (refund.status !== 'pending') throw new RefundDecisionError(`refund ${id} is already ${refund.status}`);
  return refund;
}

/**
 * Staff approval. Money leaves the balance here and only here: a ledger entry
 * kind 'refund', ref `refund:<id>`, of minus the amount. A recharge refund first
 * asks the order's provider to refund (its refund number is derived from our id,
 * so retrying an approval that failed half-way asks for the same refund again)
 * and marks the order refunded. Refused when the balance would go negative.
 */
export async function approveRefund(db: Db, config: Config, id: number, note?: string, active?: PaymentProvider): Promise<RefundRecord> {
  // First pass: checks only, so that the provider is not asked while a transaction holds locks.
  const { refund, order } = await db.transaction(async (tx) => {
    const refund = await lockPendingRefund(tx, id);
    const order = refund.rechargeId ? (await tx.select().from(recharges).where(eq(recharges.id, refund.rechargeId)).for('update'))[0] : undefined;
    if (refund.kind === 'recharge' && order?.status !== RechargeStatus.paid) throw new RefundDecisionError(`order ${order?.orderId ?? '?'} is not in the paid state`);
    await lockUser(tx, refund.userId);
    // What live tasks hold will be charged from the balance, so it cannot be paid out.
    const { balanceFen, heldFen } = await availability(tx, refund.userId);
    if (balanceFen - heldFen - refund.amountFen < 0) {
      throw new RefundDecisionError(`balance ${fenToYuan(balanceFen)} yuan, of which tasks hold ${fenToYuan(heldFen)} yuan, is less than the refund ${fenToYuan(refund.amountFen)} yuan`);
    }
    return { refund, order };
  });
  if (refund.kind === 'recharge' && order) {
    await providerFor(order.provider, config, active).refund({ orderId: order.orderId, refundId: providerRefundId(refund.id), amountFen: refund.amountFen, totalFen: order.amountFen, reason: '用户申请退款' });
  }
  return db.transaction(async (tx) => {
    const current = await lockPendingRefund(tx, id);
    if (order) {
      await tx.update(recharges).set({ status: RechargeStatus.refunded, updatedAt: new Date() }).where(eq(recharges.id, order.id));
    }
    await addLedgerEntry(tx, {
      userId: current.userId,
      kind: 'refund',
      amountFen: -current.amountFen,
      reason: current.kind === 'recharge' ? `充值退款 ${order?.orderId ?? ''}`.trim() : `余额退款 ${current.payeeName ?? ''} ${current.payeeAccount ?? ''}`.trim(),
      ref: `refund:${current.id}`,
    });
    const [row] = await tx.update(refunds).set({ status: 'approved', staffNote: note ?? current.staffNote, updatedAt: new Date() }).where(eq(refunds.id, id)).returning();
    return row!;
  });
}

export async function rejectRefund(db: Db, id: number, note: string): Promise<RefundRecord> {
  return db.transaction(async (tx) => {
    await lockPendingRefund(tx, id);
    const [row] = await tx.update(refunds).set({ status: 'rejected', staffNote: note, updatedAt: new Date() }).where(eq(refunds.id, id)).returning();
    return row!;
  });
}

export interface PaymentMismatch {
  userId: number;
  email: string;
  problem: string;
}

/**
 * The payment side of ledger:verify: every paid or refunded order has exactly one
 * recharge entry of its amount and no other order has one; every approved refund
 * has exactly one refund entry of minus its amount and no other refund has one.
 */
export async function verifyPayments(db: Db): Promise<PaymentMismatch[]> {
  const orders = await selectRows<{ user_id: number; email: string; order_id: string; status: number; amount_fen: string; credited: string | null; n: string }>(db, sql`
    select r.user_id, u.email, r.order_id, r.status, r.amount_fen, sum(l.amount_fen) as credited, count(l.id) as n
    from ${recharges} r join ${users} u on u.id = r.user_id
    left join ${ledgerEntries} l on l.kind = 'recharge' and l.ref = 'recharge:' || r.order_id
    group by r.id, u.email
    having (r.status in (3, 4) and (count(l.id) <> 1 or sum(l.amount_fen) <> r.amount_fen))
        or (r.status not in (3, 4) and count(l.id) <> 0)`);
  const out: PaymentMismatch[] = orders.map((r) => ({
    userId: r.user_id,
    email: r.email,
    problem: `order ${r.order_id} status ${r.status} amount ${r.amount_fen} fen but credited ${r.credited ?? 0} fen in ${r.n} entries`,
  }));
  const refundRows = await selectRows<{ user_id: number; email: string; id: number; status: string; amount_fen: string; debited: string | null; n: string }>(db, sql`
    select f.user_id, u.email, f.id, f.status, f.amount_fen, -sum(l.amount_fen) as debited, count(l.id) as n
    from ${refunds} f join ${users} u on u.id = f.user_id
    left join ${ledgerEntries} l on l.kind = 'refund' and l.ref = 'refund:' || f.id
    group by f.id, u.email
    having (f.status = 'approved' and (count(l.id) <> 1 or -sum(l.amount_fen) <> f.amount_fen))
        or (f.status <> 'approved' and count(l.id) <> 0)`);
  for (const r of refundRows) {
    out.push({ userId: r.user_id, email: r.email, problem: `refund ${r.id} ${r.status} amount ${r.amount_fen} fen but debited ${r.debited ?? 0} fen in ${r.n} entries` });
  }
  const strays = await selectRows<{ user_id: number; email: string; id: string; kind: string; ref: string | null }>(db, sql`
    select l.user_id, u.email, l.id, l.kind, l.ref from ${ledgerEntries} l join ${users} u on u.id = l.user_id
    where (l.kind = 'recharge' and (l.ref is null or not exists (select 1 from ${recharges} r where 'recharge:' || r.order_id = l.ref)))
       or (l.kind = 'refund' and (l.ref is null or not exists (select 1 from ${refunds} f where 'refund:' || f.id = l.ref)))`);
  for (const r of strays) out.push({ userId: r.user_id, email: r.email, problem: `ledger entry ${r.id} (${r.kind}, ${r.ref ?? 'no ref'}) matches no order or refund` });
  return out;
}
