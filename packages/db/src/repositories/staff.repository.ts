import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { feedbackTickets, hpcAccounts, invoiceApplications, recharges, users } from '../schema.ts';

/**
 * What staff work through from the ops CLI: invoices to issue, feedback to
 * answer, supercomputer accounts to open. Each decision moves only a pending
 * item, so running a command twice changes nothing the second time.
 */
export async function listPendingInvoices(db: Db) {
  return db
    .select({ application: invoiceApplications, email: users.email, orderId: recharges.orderId })
    .from(invoiceApplications)
    .innerJoin(users, eq(users.id, invoiceApplications.userId))
    .innerJoin(recharges, eq(recharges.id, invoiceApplications.rechargeId))
    .where(eq(invoiceApplications.status, 'pending'))
    .orderBy(asc(invoiceApplications.createdAt));
}

export async function decideInvoice(db: Db, id: number, status: 'issued' | 'rejected'): Promise<boolean> {
  const rows = await db
    .update(invoiceApplications)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(invoiceApplications.id, id), eq(invoiceApplications.status, 'pending')))
    .returning({ id: invoiceApplications.id });
  return rows.length > 0;
}

export async function listPendingFeedback(db: Db) {
  return db
    .select({ ticket: feedbackTickets, email: users.email })
    .from(feedbackTickets)
    .innerJoin(users, eq(users.id, feedbackTickets.userId))
    .where(eq(feedbackTickets.status, 'pending'))
    .orderBy(asc(feedbackTickets.createdAt));
}

export async function resolveFeedback(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(feedbackTickets)
    .set({ status: 'resolved', updatedAt: new Date() })
    .where(and(eq(feedbackTickets.id, id), eq(feedbackTickets.status, 'pending')))
    .returning({ id: feedbackTickets.id });
  return rows.length > 0;
}

export async function listHpcApplications(db: Db) {
  return db
    .select({ account: hpcAccounts, email: users.email })
    .from(hpcAccounts)
    .innerJoin(users, eq(users.id, hpcAccounts.userId))
    .where(eq(hpcAccounts.status, 'applied'))
    .orderBy(asc(hpcAccounts.createdAt));
}

export async function activateHpcAccount(db: Db, id: number, account: string): Promise<boolean> {
  const rows = await db
    .update(hpcAccounts)
    .set({ status: 'active', account, updatedAt: new Date() })
    .where(and(eq(hpcAccounts.id, id), eq(hpcAccounts.status, 'applied')))
    .returning({ id: hpcAccounts.id });
  return rows.length > 0;
}
