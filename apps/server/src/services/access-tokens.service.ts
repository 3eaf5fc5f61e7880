import {
  ACCESS_TOKEN_LIMIT,
  ACCESS_TOKEN_PREFIX_LENGTH,
  ACCESS_TOKEN_SCHEME,
  ApiError,
  errors,
  type AccessToken,
  type CreateAccessTokenBody,
  type CreatedAccessToken,
} from '@yunyao/contract';
import { findAccessTokenByHash, insertAccessToken, listAccessTokens, revokeAccessToken, touchAccessToken, type AccessTokenRow, type Db } from '@yunyao/db';
import { formatDate } from '../format.ts';
import type { AuthUser } from './auth.service.ts';
import { opaqueToken, sha256 } from './secrets.ts';

const DAY_MS = 86_400_000;
/** `last_used_at` is for the user's eyes; minute precision spares a polling script a write per request. */
const LAST_USED_PRECISION_MS = 60_000;

export const isAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_SCHEME);

const isExpired = (row: AccessTokenRow, now: Date) => row.expiresAt !== null && row.expiresAt <= now;

function present(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: formatDate(row.createdAt),
    expires_at: formatDate(row.expiresAt),
    last_used_at: formatDate(row.lastUsedAt),
    expired: isExpired(row, new Date()),
  };
}

/** Personal access tokens: made and revoked by a signed-in user, presented by scripts as bearer values. */
export class AccessTokenService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<AccessToken[]> {
    return (await listAccessTokens(this.db, userId)).map(present);
  }

  async create(userId: number, { name, expires_in_days }: CreateAccessTokenBody): Promise<CreatedAccessToken> {
    const token = `${ACCESS_TOKEN_SCHEME}${opaqueToken()}`;
    const row = await insertAccessToken(
      this.db,
      {
        userId,
        name,
        prefix: token.slice(0, ACCESS_TOKEN_SCHEME.length + ACCESS_TOKEN_PREFIX_LENGTH),
        tokenHash: sha256(token),
        expiresAt: expires_in_days ? new Date(Date.now() + expires_in_days * DAY_MS) : null,
      },
      ACCESS_TOKEN_LIMIT,
    );
    if (!row) throw new ApiError(errors.accessTokenLimit);
    return { ...present(row), token };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await revokeAccessToken(this.db, userId, id))) throw new ApiError(errors.accessTokenNotFound);
  }

  /** Unknown → 50012, revoked or owner closed → 50008, expired → 50014: the same errnos as session tokens. */
  async authenticate(bearer: string): Promise<AuthUser> {
    const found = await findAccessTokenByHash(this.db, sha256(bearer));
    if (!found) throw new ApiError(errors.tokenIllegal);
    const { token, email, userDeletedAt } = found;
    if (token.revokedAt || userDeletedAt) throw new ApiError(errors.tokenRevoked);
    const now = new Date();
    if (isExpired(token, now)) throw new ApiError(errors.tokenExpired);
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await touchAccessToken(this.db, token.id, now, LAST_USED_PRECISION_MS);
    }
    return { id: token.userId, email, via: 'token', tokenId: token.id };
  }
}
