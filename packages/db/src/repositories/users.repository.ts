import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { passwordResets, refreshTokens, sessions, users } from '../schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByInviteCode(db: Db, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
  return row;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(users.id);
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function createSession(db: Db, id: string, userId: number): Promise<void> {
  await db.insert(sessions).values({ id, userId });
}

export async function findSession(db: Db, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

/** A session with its user's email, in one query: every authenticated request reads both. */
export async function findSessionWithEmail(db: Db, id: string) {
  const [row] = await db.select({ session: sessions, email: users.email }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id));
  return row;
}

export async function revokeSession(db: Db, id: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Marks a refresh token used and stores its successor, in one transaction, so that whoever
 * sees the token rotated also finds the successor. False if another request rotated it first.
 */
export async function rotateRefreshToken(db: Db, id: number, successor: { sessionId: string; tokenHash: string; expiresAt: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rows.length !== 1) return false;
    await tx.insert(refreshTokens).values(successor);
    return true;
  });
}

export async function insertPasswordReset(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** Consumes a reset token exactly once; returns its user id, or undefined if unknown, used or expired. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<number | undefined> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId;
}
