import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dataFiles, feedbackTickets, hpcAccounts, invoiceInfos, sessions, taskFiles, tasks, users } from '../schema.ts';
import { addLedgerEntry } from './ledger.repository.ts';
import { cancelTask } from './tasks.repository.ts';

/**
 * What a closed account's password_hash becomes: no password verifies against it,
 * and it remembers (as a hash, not the address) which email the account had, so
 * that registering that email again never pays a second invite reward.
 */
export function closedAccountMarker(email: string): string {
  return `!closed:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/** Whether an account with this email was closed before (its invite reward, if any, was paid then). */
export async function emailWasClosed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.passwordHash, closedAccountMarker(email)), isNotNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export interface ClosedAccount {
  /** The balance (fen) the closing ledger entry took away. */
  closedBalanceFen: number;
  /** Storage keys to delete once the transaction has committed. */
  storageKeys: string[];
  /** Storage prefixes (one per deleted task) to delete after commit, for outputs not yet recorded. */
  storagePrefixes: string[];
}

/**
 * Closes an account. Active tasks are cancelled first (as the user's cancel
 * does), then one transaction: deletes tasks (files and rows cascade), data
 * files, invoice infos and feedback; unbinds supercomputer accounts; revokes
 * every session; writes an 'account_closed' ledger entry that brings the
 * balance to exactly 0; anonymises the email, replaces the password and invite
 * code and sets deleted_at. The user row, its ledger, recharges, refunds and
 * invoice applications stay so the books remain auditable.
 *
 * Tasks are deleted before the user row is locked, so a worker finishing one of
 * them concurrently either commits its charge first (and the closing entry
 * includes it) or finds the task gone and charges nothing.
 */
export async function closeAccount(db: Db, userId: number): Promise<ClosedAccount | undefined> {
  const active = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.state, ['queued', 'running'])));
  for (const t of active) await cancelTask(db, t.id, userId);

  return db.transaction(async (tx) => {
    const [alive] = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!alive) return undefined;

    const taskIds = (await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, userId))).map((t) => t.id);
    const storageKeys: string[] = [];
    if (taskIds.length) {
      const files = await tx.select({ key: taskFiles.storageKey }).from(taskFiles).where(inArray(taskFiles.taskId, taskIds));
      storageKeys.push(...files.map((f) => f.key));
    }
    await tx.delete(tasks).where(eq(tasks.userId, userId));

    const data = await tx.delete(dataFiles).where(eq(dataFiles.userId, userId)).returning({ key: dataFiles.storageKey });
    storageKeys.push(...data.map((d) => d.key));
    const tickets = await tx.delete(feedbackTickets).where(eq(feedbackTickets.userId, userId)).returning({ key: feedbackTickets.imageKey });
    storageKeys.push(...tickets.flatMap((t) => (t.key ? [t.key] : [])));
    await tx.delete(invoiceInfos).where(eq(invoiceInfos.userId, userId));
    await tx.update(hpcAccounts).set({ status: 'unbound', updatedAt: new Date() }).where(eq(hpcAccounts.userId, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'account closed' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

    const [locked] = await tx.select({ balance: users.balanceFen }).from(users).where(eq(users.id, userId)).for('update');
    const balance = locked?.balance ?? 0;
    await addLedgerEntry(tx, { userId, kind: 'account_closed', amountFen: -balance, reason: '注销账户，余额清零', ref: `close:${userId}` });

    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@invalid`,
        // Not a hash any password verifies against (see closedAccountMarker), and a fresh
        // random invite code so old invite links stop crediting.
        passwordHash: closedAccountMarker(alive.email),
        inviteCode: `closed-${userId}-${randomBytes(6).toString('base64url')}`,
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId));

    return { closedBalanceFen: balance, storageKeys, storagePrefixes: taskIds.map((id) => `tasks/${id}/`) };
  });
}
