import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../client.ts';
import { feedbackTickets, hpcAccounts, invoiceApplications, invoiceInfos, recharges, refunds } from '../schema.ts';

/* The personal centre's tables: invoice infos and applications, feedback, supercomputer accounts, invites (terminal jobs: terminal-jobs.repository.ts). */

export type InvoiceInfoRecord = typeof invoiceInfos.$inferSelect;
export type InvoiceInfoFields = Omit<typeof invoiceInfos.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type InvoiceApplicationRecord = typeof invoiceApplications.$inferSelect;
export type FeedbackRecord = typeof feedbackTickets.$inferSelect;
export type HpcAccountRecord = typeof hpcAccounts.$inferSelect;
export type RechargeRecord = typeof recharges.$inferSelect;

export async function listInvoiceInfos(db: Db, userId: number): Promise<InvoiceInfoRecord[]> {
  return db.select().from(invoiceInfos).where(eq(invoiceInfos.userId, userId)).orderBy(desc(invoiceInfos.id));
}

export async function getInvoiceInfo(db: Db, id: number): Promise<InvoiceInfoRecord | undefined> {
  const [row] = await db.select().from(invoiceInfos).where(eq(invoiceInfos.id, id));
  return row;
}

export async function insertInvoiceInfo(db: Db, userId: number, fields: InvoiceInfoFields): Promise<InvoiceInfoRecord> {
  const [row] = await db.insert(invoiceInfos).values({ ...fields, userId }).returning();
  return row!;
}

export async function updateInvoiceInfo(db: Db, id: number, userId: number, fields: InvoiceInfoFields): Promise<InvoiceInfoRecord | undefined> {
  const [row] = await db
    .update(invoiceInfos)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(invoiceInfos.id, id), eq(invoiceInfos.userId, userId)))
    .returning();
  return row;
}

export async function deleteInvoiceInfo(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db.delete(invoiceInfos).where(and(eq(invoiceInfos.id, id), eq(invoiceInfos.userId, userId))).returning({ id: invoiceInfos.id });
  return rows.length === 1;
}

export async function findRechargeByOrderId(db: Db, orderId: string): Promise<RechargeRecord | undefined> {
  const [row] = await db.select().from(recharges).where(eq(recharges.orderId, orderId));
  return row;
}

export type InvoiceApplicationOutcome = { ok: true; application: InvoiceApplicationRecord } | { ok: false; reason: 'not_found' | 'forbidden' | 'not_invoiceable' | 'already_applied' };

/**
 * Applies for the invoice of one recharge: only the owner's paid (status 3) order,
 * without an approved or pending refund, and once per order (the unique
 * recharge_id settles a race between two applications).
 */
export async function applyForInvoice(
  db: Db,
  input: { userId: number; orderId: string; type: 'normal' | 'special'; invoice: Record<string, string>; recipient: Record<string, string> },
): Promise<InvoiceApplicationOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(recharges).where(eq(recharges.orderId, input.orderId)).for('update');
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.userId !== input.userId) return { ok: false, reason: 'forbidden' };
    if (order.status !== 3) return { ok: false, reason: 'not_invoiceable' };
    const [refund] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.rechargeId, order.id), inArray(refunds.status, ['pending', 'approved'])));
    if (refund) return { ok: false, reason: 'not_invoiceable' };
    const [application] = await tx
      .insert(invoiceApplications)
      .values({ userId: input.userId, rechargeId: order.id, type: input.type, amountFen: order.amountFen, invoice: input.invoice, recipient: input.recipient })
      .onConflictDoNothing()
      .returning();
    if (!application) return { ok: false, reason: 'already_applied' };
    return { ok: true, application };
  });
}

export async function listInvoiceApplications(db: Db, userId: number): Promise<(InvoiceApplicationRecord & { orderId: string })[]> {
  const rows = await db
    .select({ application: invoiceApplications, orderId: recharges.orderId })
    .from(invoiceApplications)
    .innerJoin(recharges, eq(recharges.id, invoiceApplications.rechargeId))
    .where(eq(invoiceApplications.userId, userId))
    .orderBy(desc(invoiceApplications.id));
  return rows.map((r) => ({ ...r.application, orderId: r.orderId }));
}

export interface InviteRewardRow {
  id: number;
  amountFen: number;
  balanceBeforeFen: number;
  balanceAfterFen: number;
  createdAt: Date;
  inviteeEmail: string | null;
  inviteeClosed: boolean;
}

/**
 * The user's invite rewards with the balance around each one: a running sum over
 * the whole ledger (ordered by entry id, the order the entries were written), so
 * the figures stay right whatever other entries sit between rewards.
 */
export async function listInviteRewards(db: Db, userId: number): Promise<InviteRewardRow[]> {
  const rows = await selectRows<{ id: string; amount_fen: string; after_fen: string; created_at: string | Date; invitee_email: string | null; invitee_deleted_at: unknown }>(
    db,
    sql`
    select l.id, l.amount_fen, l.after_fen, l.created_at, u.email as invitee_email, u.deleted_at as invitee_deleted_at
    from (
      select id, kind, ref, amount_fen, created_at,
             sum(amount_fen) over (order by id rows between unbounded preceding and current row) as after_fen
      from ledger_entries where user_id = ${userId}
    ) l
    left join users u on l.ref like 'invite:%' and u.id::text = substring(l.ref from 8)
    where l.kind = 'invite_reward'
    order by l.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    amountFen: Number(r.amount_fen),
    balanceAfterFen: Number(r.after_fen),
    balanceBeforeFen: Number(r.after_fen) - Number(r.amount_fen),
    createdAt: new Date(r.created_at),
    inviteeEmail: r.invitee_email,
    inviteeClosed: r.invitee_deleted_at != null,
  }));
}

export async function insertFeedback(db: Db, ticket: { userId: number; content: string; contact: string; imageKey: string | null }): Promise<FeedbackRecord> {
  const [row] = await db.insert(feedbackTickets).values(ticket).returning();
  return row!;
}

export async function listFeedback(db: Db, userId: number): Promise<FeedbackRecord[]> {
  return db.select().from(feedbackTickets).where(eq(feedbackTickets.userId, userId)).orderBy(desc(feedbackTickets.id));
}

export async function getFeedback(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const [row] = await db.select().from(feedbackTickets).where(eq(feedbackTickets.id, id));
  return row;
}

/** Revokes a pending ticket of this user; false if it is not pending any more. */
export async function revokeFeedback(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(feedbackTickets)
    .set({ status: 'revoked', updatedAt: new Date() })
    .where(and(eq(feedbackTickets.id, id), eq(feedbackTickets.userId, userId), eq(feedbackTickets.status, 'pending')))
    .returning({ id: feedbackTickets.id });
  return rows.length === 1;
}

export async function listHpcAccounts(db: Db, userId: number): Promise<HpcAccountRecord[]> {
  return db.select().from(hpcAccounts).where(eq(hpcAccounts.userId, userId)).orderBy(hpcAccounts.id);
}

/** One application per node; undefined when the user already has one there. */
export async function applyHpcAccount(db: Db, userId: number, node: 'beijing' | 'bianshui'): Promise<HpcAccountRecord | undefined> {
  const [row] = await db.insert(hpcAccounts).values({ userId, node }).onConflictDoNothing().returning();
  return row;
}

