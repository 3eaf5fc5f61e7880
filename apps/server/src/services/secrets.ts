import { createHash, randomBytes } from 'node:crypto';

/** Hex SHA-256: how refresh, reset and access tokens are stored (each is 256 random bits, so no slow hash is needed). */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** 256 random bits, URL-safe: the secret part of every opaque token the platform hands out. */
export const opaqueToken = () => randomBytes(32).toString('base64url');
