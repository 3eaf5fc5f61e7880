import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { RechargeStatus, fenToYuan } from '@yunyao/contract';
import { selectRows, type Db } from '../client.ts';
import { ledgerEntries, recharges, refunds, users } from '../schema.ts';
import { availability } from './holds.repository.ts';
import { addLedgerEntry, type Queryable } from './ledger.repository.ts';
import type { RechargeRecord } from './personal.repository.ts';

/* Recharge orders and refunds: the rows, the ledger entries that move money for them, and their verification. */

export type RefundRecord = typeof refunds.$inferSelect;

/** Locks the user's row (refunds are decided against the balance); false when the user is gone. */
async function lockUser(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return Boolean(row);
}

/**
 * What a refund request may claim: the balance less what live tasks hold and the refunds
 * waiting for staff (`availability`), read after locking the user's row; undefined when the user is gone.
 */
async function refundableFen(q: Queryable, userId: number): Promise<number | undefined> {
  if (!(await lockUser(q, userId))) return undefined;
  return (await availability(q, userId)).availableFen;
}

export async function insertRecharge(
  db: Db,
  order: { orderId: string; userId: number; channel: string; provider: string; amountFen: number; codeUrl: string },
): Promise<RechargeRecord> {
  const [row] = await db.insert(recharges).values({ ...order, status: RechargeStatus.pending }).returning();
  return row!;
}

export async function findRecharge(db: Queryable, orderId: string): Promise<RechargeRecord | undefined> {
  const [row] = await db.select().from(recharges).where(eq(recharges.orderId, orderId));
  return row;
}

/** The user's orders, newest first, with which have a refund pending and which one pending or paid. */
export async function listUserRecharges(db: Db, userId: number): Promise<{ orders: RechargeRecord[]; refundPending: Set<number | null>; refundTaken: Set<number | null> }> {
  const orders = await db.select().from(recharges).where(eq(recharges.userId, userId)).orderBy(desc(recharges.createdAt), desc(recharges.id));
  const open = orders.length
    ? await db
        .select({ rechargeId: refunds.rechargeId, status: refunds.status })
        .from(refunds)
        .where(and(eq(refunds.userId, userId), eq(refunds.kind, 'recharge'), inArray(refunds.status, ['pending', 'approved'])))
    : [];
  return {
    orders,
    refundPending: new Set(open.filter((r) => r.status === 'pending').map((r) => r.rechargeId)),
    refundTaken: new Set(open.map((r) => r.rechargeId)),
  };
}

export type SettlementOutcome = 'credited' | 'already_paid' | 'unknown_order' | 'amount_mismatch';

/**
 * Marks one verified payment paid and credits it, once: lock the order, check
 * provider and amount, set status 3 and write the ledger entry `recharge:<order_id>`.
 * The lock and the unique (kind, ref) make replayed and concurrent settlements credit once.
 */
export async function settleRecharge(
  db: Db,
  payment: { provider: string; orderId: string; transactionId: string; amountFen: number; reason: string },
): Promise<SettlementOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(recharges).where(eq(recharges.orderId, payment.orderId)).for('update');
    if (!order || order.provider !== payment.provider) return 'unknown_order';
    if (order.status === RechargeStatus.paid || order.status === RechargeStatus.refunded) return 'already_paid';
    if (!Number.isSafeInteger(payment.amountFen) || payment.amountFen !== order.amountFen) return 'amount_mismatch';
    await tx
      .update(recharges)
      .set({ status: RechargeStatus.paid, transactionId: payment.transactionId, paidAt: new Date(), updatedAt: new Date() })
      .where(eq(recharges.id, order.id));
    await addLedgerEntry(tx, { userId: order.userId, kind: 'recharge', amountFen: order.amountFen, reason: payment.reason, ref: `recharge:${order.orderId}` });
    return 'credited';
  });
}

/** Closes the order if it is still pending (a payment that settled meanwhile keeps it paid). */
export async function closePendingRecharge(db: Db, id: number): Promise<void> {
  await db
    .update(recharges)
    .set({ status: RechargeStatus.closed, updatedAt: new Date() })
    .where(and(eq(recharges.id, id), eq(recharges.status, RechargeStatus.pending)));
}

export type RefundRequestOutcome =
  | { ok: true; refund: RefundRecord }
  | { ok: false; reason: 'no_user' | 'not_found' | 'forbidden' | 'not_paid' | 'already_requested' | 'exceeds_balance'; availableFen?: number };

/** A pending refund of a whole paid order of the user's, when no other refund of it is open and the balance can pay it. */
export async function insertRechargeRefund(db: Db, userId: number, orderId: string): Promise<RefundRequestOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(recharges).where(eq(recharges.orderId, orderId)).for('update');
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.userId !== userId) return { ok: false, reason: 'forbidden' };
    if (order.status !== RechargeStatus.paid) return { ok: false, reason: 'not_paid' };
    const [open] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.rechargeId, order.id), inArray(refunds.status, ['pending', 'approved'])));
    if (open) return { ok: false, reason: 'already_requested' };
    const available = await refundableFen(tx, userId);
    if (available === undefined) return { ok: false, reason: 'no_user' };
    if (available < order.amountFen) return { ok: false, reason: 'exceeds_balance', availableFen: available };
    const [row] = await tx.insert(refunds).values({ userId, kind: 'recharge', rechargeId: order.id, amountFen: order.amountFen }).returning();
    return { ok: true, refund: row! };
  });
}

/** A pending payout of part of the balance, at most what is neither held by tasks nor asked back already. */
export async function insertBalanceRefund(db: Db, userId: number, amountFen: number, payeeName: string, payeeAccount: string): Promise<RefundRequestOutcome> {
  return db.transaction(async (tx) => {
    const available = await refundableFen(tx, userId);
    if (available === undefined) return { ok: false, reason: 'no_user' };
    if (amountFen > available) return { ok: false, reason: 'exceeds_balance', availableFen: available };
    const [row] = await tx.insert(refunds).values({ userId, kind: 'balance', amountFen, payeeName, payeeAccount }).returning();
    return { ok: true, refund: row! };
  });
}

/** The user's refunds, newest first, each with its order's number when it refunds an order. */
export async function listUserRefunds(db: Db, userId: number): Promise<{ refund: RefundRecord; orderId: string | null }[]> {
  return db
    .select({ refund: refunds, orderId: recharges.orderId })
    .from(refunds)
    .leftJoin(recharges, eq(recharges.id, refunds.rechargeId))
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
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
 * The checks before a refund is approved, and nothing written: the refund is pending, a recharge
 * refund's order is paid, and the balance less what live tasks hold covers it (what they hold will be
 * charged from the balance, so it cannot be paid out). Throws RefundDecisionError otherwise.
 */
export async function checkRefundApproval(db: Db, id: number): Promise<{ refund: RefundRecord; order: RechargeRecord | undefined }> {
  return db.transaction(async (tx) => {
    const refund = await lockPendingRefund(tx, id);
    const order = refund.rechargeId ? (await tx.select().from(recharges).where(eq(recharges.id, refund.rechargeId)).for('update'))[0] : undefined;
    if (refund.kind === 'recharge' && order?.status !== RechargeStatus.paid) throw new RefundDecisionError(`order ${order?.orderId ?? '?'} is not in the paid state`);
    if (!(await lockUser(tx, refund.userId))) throw new RefundDecisionError(`the user of refund ${id} is gone`);
    const { balanceFen, heldFen } = await availability(tx, refund.userId);
    if (balanceFen - heldFen - refund.amountFen < 0) {
      throw new RefundDecisionError(`balance ${fenToYuan(balanceFen)} yuan, of which tasks hold ${fenToYuan(heldFen)} yuan, is less than the refund ${fenToYuan(refund.amountFen)} yuan`);
    }
    return { refund, order };
  });
}

/**
 * Money leaves the balance here and only here: the refund approved, its order (if any) marked
 * refunded, and a ledger entry kind 'refund', ref `refund:<id>`, of minus the amount.
 */
export async function recordRefundApproval(db: Db, id: number, order: RechargeRecord | undefined, note?: string): Promise<RefundRecord> {
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
