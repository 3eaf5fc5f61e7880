import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError, errors, INVITE_REWARD_YUAN, yuanToFen, type LoginData } from '@yunyao/contract';
import {
  addLedgerEntry,
  consumePasswordReset,
  createSession,
  emailWasClosed,
  findRefreshToken,
  findSession,
  findSessionWithEmail,
  findUserByEmail,
  findUserByInviteCode,
  findUserById,
  insertPasswordReset,
  insertRefreshToken,
  revokeAllAccessTokens,
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  schema,
  updatePasswordHash,
  type UserRow,
} from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { opaqueToken, sha256 } from './secrets.ts';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Who made a request, and how: a login session (the web app) or a personal access token
 * (scripts). Some routes are session only; see `requireSession` in plugins/auth.ts.
 */
export type AuthUser = { id: number; email: string } & ({ via: 'session'; sessionId: string } | { via: 'token'; tokenId: number });

export class AuthService {
  private readonly key: Uint8Array;

  constructor(private readonly deps: Pick<ServerDeps, 'config' | 'database' | 'mailer'>) {
    this.key = new TextEncoder().encode(deps.config.jwtSecret);
  }

  private get db() {
    return this.deps.database.db;
  }

  hashPassword(password: string): Promise<string> {
    return hash(password, ARGON2);
  }

  /** Creates an account; an invite code credits its owner once, in the same transaction. */
  async register(email: string, password: string, inviteCode?: string): Promise<UserRow> {
    if (await findUserByEmail(this.db, email)) throw new ApiError(errors.emailTaken);
    const inviter = inviteCode ? await findUserByInviteCode(this.db, inviteCode) : undefined;
    if (inviteCode && !inviter) throw new ApiError(errors.inviteInvalid);
    const passwordHash = await this.hashPassword(password);
    // Someone who closed an account and registers the same email again was already a reward once.
    const rewardInviter = inviter !== undefined && !(await emailWasClosed(this.db, email));
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(schema.users)
        .values({ email, passwordHash, inviteCode: randomBytes(6).toString('base64url'), invitedBy: inviter?.id ?? null })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new ApiError(errors.emailTaken);
      if (inviter && rewardInviter) {
        await addLedgerEntry(tx, {
          userId: inviter.id,
          kind: 'invite_reward',
          amountFen: yuanToFen(INVITE_REWARD_YUAN),
          reason: `邀请 ${email} 注册奖励`,
          ref: `invite:${user.id}`,
        });
      }
      return user;
    });
  }

  async login(account: string, password: string): Promise<LoginData> {
    const user = await findUserByEmail(this.db, account);
    // Verify against a real hash even for unknown accounts so timing does not reveal which exist.
    const ok = await verify(user?.passwordHash ?? (await this.dummyHash()), password).catch(() => false);
    if (!user || !ok) throw new ApiError(errors.loginFailed);
    const sessionId = randomUUID();
    await createSession(this.db, sessionId, user.id);
    return this.issue(user, sessionId);
  }

  private dummy?: Promise<string>;
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hashPassword(opaqueToken());
    return this.dummy;
  }

  /** A new login's tokens: a random refresh token starts the session's token family. */
  private async issue(user: UserRow, sessionId: string): Promise<LoginData> {
    const refresh = opaqueToken();
    await insertRefreshToken(this.db, sessionId, sha256(refresh), this.refreshExpiry());
    return this.tokens(user, sessionId, refresh);
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.deps.config.refreshTokenTtlDays * 86_400_000);
  }

  private async tokens(user: UserRow, sessionId: string, refreshToken: string): Promise<LoginData> {
    const ttl = this.deps.config.accessTokenTtlSeconds;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key);
    return { token, refresh_token: refreshToken, expires_in: ttl, user: { email: user.email } };
  }

  /** Checks an access token: expired → 50014, forged or malformed → 50012, logged out → 50008. */
  async authenticate(token: string): Promise<AuthUser> {
    let payload: { sub?: string; sid?: unknown };
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch (err) {
      throw new ApiError(err instanceof joseErrors.JWTExpired ? errors.tokenExpired : errors.tokenIllegal);
    }
    const found = typeof payload.sid === 'string' ? await findSessionWithEmail(this.db, payload.sid) : undefined;
    if (!found || String(found.session.userId) !== payload.sub) throw new ApiError(errors.tokenIllegal);
    const { session, email } = found;
    if (session.revokedAt) throw new ApiError(errors.tokenRevoked);
    return { id: session.userId, email, via: 'session', sessionId: session.id };
  }

  /**
   * Rotates a refresh token. Presenting a token that was already rotated means it
   * leaked: the whole session (token family) is revoked. Except within the grace window
   * after its rotation (REFRESH_REUSE_GRACE_SECONDS), as identity providers' reuse
   * intervals allow: tabs that refresh at once with the same token all get its successor.
   */
  async refresh(refreshToken: string): Promise<LoginData> {
    const row = await findRefreshToken(this.db, sha256(refreshToken));
    if (!row) throw new ApiError(errors.tokenIllegal);
    const session = await findSession(this.db, row.sessionId);
    if (!session || session.revokedAt) throw new ApiError(errors.tokenRevoked);
    if (row.rotatedAt) return this.reissueSuccessor(session, refreshToken, row.rotatedAt);
    if (row.expiresAt.getTime() < Date.now()) throw new ApiError(errors.tokenExpired);
    const successor = this.successorOf(refreshToken);
    const rotated = await rotateRefreshToken(this.db, row.id, { sessionId: session.id, tokenHash: sha256(successor), expiresAt: this.refreshExpiry() });
    // Losing the race to rotate means another request rotated the token this instant.
    if (!rotated) return this.reissueSuccessor(session, refreshToken, new Date());
    return this.sessionTokens(session, successor);
  }

  /**
   * The refresh token that follows `refreshToken`: an HMAC of it under the platform secret, so
   * every request presenting the same token gets the same successor, which is stored only hashed.
   */
  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor\n${refreshToken}`).digest('base64url');
  }

  /** A rotated token presented again: its successor within the grace window, else a reuse that revokes the session. */
  private async reissueSuccessor(session: { id: string; userId: number }, refreshToken: string, rotatedAt: Date): Promise<LoginData> {
    if (Date.now() - rotatedAt.getTime() >= this.deps.config.refreshReuseGraceSeconds * 1000) {
      await revokeSession(this.db, session.id, 'refresh token reused');
      throw new ApiError(errors.tokenRevoked);
    }
    return this.sessionTokens(session, this.successorOf(refreshToken));
  }

  private async sessionTokens(session: { id: string; userId: number }, refreshToken: string): Promise<LoginData> {
    const user = await findUserById(this.db, session.userId);
    if (!user) throw new ApiError(errors.tokenRevoked);
    return this.tokens(user, session.id, refreshToken);
  }

  logout(sessionId: string): Promise<void> {
    return revokeSession(this.db, sessionId, 'logout');
  }

  /** Mails a single-use reset link. Answers the same whether or not the address has an account. */
  async forget(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const token = opaqueToken();
    await insertPasswordReset(this.db, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    const link = `${this.deps.config.publicUrl}/reset?token=${token}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: '云药 Yunyao：重置密码',
      text: `您好，\n\n请在 30 分钟内打开以下链接重置密码（仅可使用一次）：\n${link}\n\n如果这不是您本人的操作，请忽略本邮件。\n\nTo reset your Yunyao password, open the link above within 30 minutes.`,
    });
  }

  async reset(token: string, password: string): Promise<void> {
    const userId = await consumePasswordReset(this.db, sha256(token));
    if (!userId) throw new ApiError(errors.resetTokenInvalid);
    await updatePasswordHash(this.db, userId, await this.hashPassword(password));
    await revokeAllSessions(this.db, userId, 'password reset');
    // A reset answers a suspected compromise: tokens made by whoever held the password go too.
    await revokeAllAccessTokens(this.db, userId);
  }
}
