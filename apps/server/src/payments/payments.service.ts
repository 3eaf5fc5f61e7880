import { randomInt } from 'node:crypto';
import { ApiError, RechargeStatus, errors, fenToYuan, message, type RechargeRow, type RefundRow } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import {
  availability,
  checkRefundApproval,
  closePendingRecharge,
  findRecharge,
  insertBalanceRefund,
  insertRecharge,
  insertRechargeRefund,
  listUserRecharges,
  listUserRefunds,
  recordRefundApproval,
  settleRecharge,
  type Db,
  type RechargeRecord,
  type RefundRecord,
  type RefundRequestOutcome,
} from '@yunyao/db';
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

// Routes reach the orders through this service, never the database package itself.
export { findRecharge };

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

export async function createRecharge(db: Db, provider: PaymentProvider, userId: number, amountFen: number, channel: string): Promise<RechargeRecord> {
  const orderId = newOrderId();
  const { codeUrl } = await provider.createNativeOrder({ orderId, amountFen, description: '云药账户充值' });
  return insertRecharge(db, { orderId, userId, channel, provider: provider.kind, amountFen, codeUrl });
}

export async function listRecharges(db: Db, userId: number): Promise<RechargeRow[]> {
  const { orders, refundPending, refundTaken } = await listUserRecharges(db, userId);
  const available = (await availability(db, userId)).availableFen;
  return orders.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    channel: r.channel,
    amount: fenToYuan(r.amountFen),
    created_at: formatDate(r.createdAt),
    status: r.status,
    status_text: rechargeStatusText(r.status, refundPending.has(r.id)),
    can_invoice: r.status === RechargeStatus.paid,
    can_refund: r.status === RechargeStatus.paid && !refundTaken.has(r.id) && available >= r.amountFen,
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

/** Marks one verified payment paid and credits it, once. Both a provider's notification and an order query end here. */
async function settlePaidOrder(db: Db, provider: PaymentProvider, n: PaymentNotification): Promise<NotificationOutcome> {
  const reason = provider.kind === 'sandbox' ? '充值（沙箱支付）' : '充值（微信支付）';
  const result = await settleRecharge(db, { provider: provider.kind, orderId: n.orderId, transactionId: n.transactionId, amountFen: n.amountFen, reason });
  return { result, orderId: n.orderId };
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
  if (state !== 'SUCCESS' && (state === 'CLOSED' || age > ORDER_TTL_MS)) await closePendingRecharge(db, order.id);
  return (await findRecharge(db, order.orderId)) ?? order;
}

export { PaymentSignatureError };

/** A refund request's refusal as the API answers it. */
function refundOf(outcome: RefundRequestOutcome): RefundRecord {
  if (outcome.ok) return outcome.refund;
  switch (outcome.reason) {
    case 'no_user':
      throw new ApiError(errors.tokenRevoked);
    case 'not_found':
      throw new ApiError(errors.rechargeNotFound);
    case 'forbidden':
      throw new ApiError(errors.forbidden);
    case 'not_paid':
      throw new ApiError(errors.refundNotAllowed);
    case 'already_requested':
      throw new ApiError(errors.refundNotAllowed, message(SERVER_MESSAGES.refundAlreadyRequested));
    case 'exceeds_balance':
      throw new ApiError(errors.refundExceedsBalance);
  }
}

/** POST /api/recharge/refund: a pending refund of the whole order, only where the row says can_refund. */
export async function requestRechargeRefund(db: Db, userId: number, orderId: string): Promise<RefundRecord> {
  const outcome = await insertRechargeRefund(db, userId, orderId);
  if (!outcome.ok && outcome.reason === 'exceeds_balance') throw new ApiError(errors.refundExceedsBalance, message(SERVER_MESSAGES.refundExceedsBalance));
  return refundOf(outcome);
}

/** POST /api/balance/refund: pays out part of the balance, at most what is neither held by tasks nor asked back already. */
export async function requestBalanceRefund(db: Db, userId: number, amountFen: number, name: string, account: string): Promise<RefundRecord> {
  const outcome = await insertBalanceRefund(db, userId, amountFen, name, account);
  if (!outcome.ok && outcome.reason === 'exceeds_balance') {
    throw new ApiError(errors.refundExceedsBalance, message(SERVER_MESSAGES.refundOverAvailable, { available: fenToYuan(Math.max(0, outcome.availableFen ?? 0)).toFixed(2) }));
  }
  return refundOf(outcome);
}

export async function listRefunds(db: Db, userId: number): Promise<RefundRow[]> {
  return (await listUserRefunds(db, userId)).map(({ refund: r, orderId }) => ({
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

/**
 * Staff approval. A recharge refund first asks the order's provider to refund (its refund number
 * is derived from our id, so retrying an approval that failed half-way asks for the same refund
 * again); then the repository marks the order refunded and writes the ledger entry that takes the
 * money from the balance. Refused when the balance would go negative.
 */
export async function approveRefund(db: Db, config: Config, id: number, note?: string, active?: PaymentProvider): Promise<RefundRecord> {
  // First pass: checks only, so that the provider is not asked while a transaction holds locks.
  const { refund, order } = await checkRefundApproval(db, id);
  if (refund.kind === 'recharge' && order) {
    await providerFor(order.provider, config, active).refund({ orderId: order.orderId, refundId: providerRefundId(refund.id), amountFen: refund.amountFen, totalFen: order.amountFen, reason: '用户申请退款' });
  }
  return recordRefundApproval(db, id, order, note);
}
