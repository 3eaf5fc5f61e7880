import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError, endpoints, errors, message, UPLOAD_SLICE_BYTES, type DataFile, type DataFileType, type UploadSession } from '@yunyao/contract';
import type { Db } from '@yunyao/db';
import type { Storage } from '@yunyao/platform';
import { SERVER_MESSAGES } from '../server.messages.ts';
import { checkDataUpload, dataFilePrefix, newDataFileKey, registerDataFile } from './data-files.service.ts';

/**
 * Slice uploads into the data center (docs/storage.md). The spec's cloud storage token hands the
 * browser temporary object-storage credentials; without an STS server to mint them, the session
 * grants less and for one key only: presigned UploadPart URLs for each 5 MiB slice of one multipart
 * upload, under the user's own folder, for 15 minutes. On a local install the slices come to the
 * API instead. The session is a token signed by the server (no table): it names the user, the key,
 * the upload and the declared file, so no client can steer a slice, or the completion, elsewhere.
 */

export const UPLOAD_SESSION_TTL_S = 15 * 60;
const PURPOSE = 'data-center slice upload';

interface SessionClaims {
  /** The user, as a JWT subject. */
  sub: string;
  key: string;
  uploadId: string;
  type: DataFileType;
  filename: string;
  size: number;
}

export interface DataUploadDeps {
  db: Db;
  storage: Storage;
  /** The platform's token secret; sessions are signed with a key derived from it for this purpose alone, so no session passes as a login. */
  secret: string;
}

const partCount = (size: number) => Math.ceil(size / UPLOAD_SLICE_BYTES);
/** The size slice `n` (from 1) of a file of `size` bytes must have. */
const sliceSize = (size: number, n: number) => Math.min(UPLOAD_SLICE_BYTES, size - (n - 1) * UPLOAD_SLICE_BYTES);

export class DataUploads {
  private readonly key: Uint8Array;

  constructor(private readonly deps: DataUploadDeps) {
    this.key = createHmac('sha256', deps.secret).update(PURPOSE).digest();
  }

  /** Opens a session for a file the user is about to send, refused at once where its name or size would be. */
  async open(userId: number, file: { type: DataFileType; filename: string; size: number }): Promise<UploadSession> {
    checkDataUpload(file.type, file.filename, file.size);
    const key = newDataFileKey(userId, file.filename);
    const uploadId = await this.deps.storage.createMultipart(key);
    const expiredTime = Math.floor(Date.now() / 1000) + UPLOAD_SESSION_TTL_S;
    const claims: SessionClaims = { sub: String(userId), key, uploadId, ...file };
    const upload = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expiredTime).sign(this.key);
    const numbers = Array.from({ length: partCount(file.size) }, (_, i) => i + 1);
    const presigned = await Promise.all(numbers.map((n) => this.deps.storage.partUploadUrl(key, uploadId, n, UPLOAD_SESSION_TTL_S)));
    const target = presigned.every((url) => url !== undefined) ? 'storage' : 'api';
    return {
      upload,
      key,
      part_size: UPLOAD_SLICE_BYTES,
      expiredTime,
      target,
      parts: numbers.map((n, i) => ({ part_number: n, url: presigned[i] ?? endpoints.files.uploadPart.path })),
    };
  }

  /** The session the token names, for the user holding it: lapsed, forged, another's or outside their folder is refused alike. */
  private async session(userId: number, token: string): Promise<SessionClaims> {
    let claims: SessionClaims;
    try {
      ({ payload: claims } = await jwtVerify<SessionClaims>(token, this.key, { algorithms: ['HS256'] }));
    } catch (err) {
      throw new ApiError(errors.uploadSessionInvalid, err instanceof joseErrors.JWTExpired ? message(SERVER_MESSAGES.uploadSessionExpired) : undefined);
    }
    if (claims.sub !== String(userId) || !claims.key.startsWith(dataFilePrefix(userId))) throw new ApiError(errors.uploadSessionInvalid);
    return claims;
  }

  /** One slice sent to the API (a local install): exactly the size its place in the file gives it. */
  async putPart(userId: number, token: string, partNumber: number, data: Buffer): Promise<{ etag: string }> {
    const session = await this.session(userId, token);
    if (partNumber > partCount(session.size) || data.length !== sliceSize(session.size, partNumber)) {
      throw new ApiError(errors.validation, message(SERVER_MESSAGES.uploadSliceWrong, { part: partNumber, bytes: sliceSize(session.size, Math.min(partNumber, partCount(session.size))) }));
    }
    return { etag: await this.deps.storage.putPart(session.key, session.uploadId, partNumber, data) };
  }

  /**
   * Joins the slices and files the object, once it is the file that was declared: every slice, in
   * order, to the byte. A second completion of one session finds the object there and is refused
   * (S3 may answer a repeated CompleteMultipartUpload with success).
   */
  async complete(userId: number, token: string, parts: { part_number: number; etag: string }[]): Promise<DataFile> {
    const session = await this.session(userId, token);
    const { storage } = this.deps;
    const incomplete = () => new ApiError(errors.validation, message(SERVER_MESSAGES.uploadIncomplete, { file: session.filename }));
    if (parts.length !== partCount(session.size) || parts.some((p, i) => p.part_number !== i + 1)) throw incomplete();
    if (await storage.exists(session.key)) throw new ApiError(errors.uploadSessionInvalid);
    const size = await storage.completeMultipart(session.key, session.uploadId, parts.map((p) => ({ partNumber: p.part_number, etag: p.etag }))).catch(() => {
      throw incomplete();
    });
    if (size !== session.size) {
      // A slice PUT to its presigned URL may carry any number of bytes; only the joined size tells.
      await storage.delete(session.key);
      throw incomplete();
    }
    return registerDataFile(this.deps.db, userId, { type: session.type, name: session.filename.slice(0, 100), filename: session.filename, storageKey: session.key, size });
  }
}
