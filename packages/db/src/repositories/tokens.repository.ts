import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { personalAccessTokens, users } from '../schema.ts';

export type AccessTokenRow = typeof personalAccessTokens.$inferSelect;

/** A token found by its hash, with what authentication needs to know about its owner. */
export interface AccessTokenOwner {
  token: AccessTokenRow;
  email: string;
  userDeletedAt: Date | null;
}

const live = (now: Date) => and(isNull(personalAccessTokens.revokedAt), or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, now)));

/** The user's tokens that were not revoked, newest first; expired ones stay listed so their owner sees why a script stopped. */
export async function listAccessTokens(db: Db, userId: number): Promise<AccessTokenRow[]> {
  return db
    .select()
    .from(personalAccessTokens)
    .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
}

/**
 * Stores a new token unless the user already holds `limit` live ones. The user row is
 * locked first so two creations at once cannot both pass the count.
 */
export async function insertAccessToken(
  db: Db,
  input: { userId: number; name: string; prefix: string; tokenHash: string; expiresAt: Date | null },
  limit: number,
): Promise<AccessTokenRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, input.userId), live(new Date())));
    if ((held?.n ?? 0) >= limit) return undefined;
    const [row] = await tx.insert(personalAccessTokens).values(input).returning();
    return row;
  });
}

export async function findAccessTokenByHash(db: Db, tokenHash: string): Promise<AccessTokenOwner | undefined> {
  const [row] = await db
    .select({ token: personalAccessTokens, email: users.email, userDeletedAt: users.deletedAt })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.tokenHash, tokenHash));
  return row;
}

/** Records a use, writing at most once per `everyMs` so a polling script does not write on every request. */
export async function touchAccessToken(db: Db, id: number, now: Date, everyMs: number): Promise<void> {
  const stale = new Date(now.getTime() - everyMs);
  await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(personalAccessTokens.id, id), or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, stale))));
}

/** Revokes one of the user's own tokens; false when it is not theirs, unknown or already revoked. */
export async function revokeAccessToken(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)))
    .returning({ id: personalAccessTokens.id });
  return rows.length === 1;
}

export async function revokeAllAccessTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)));
}
