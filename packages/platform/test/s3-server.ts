import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The account every s3rver has: requests signed with another secret are refused. */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points a platform at this store (packages/platform/src/config.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts a real S3-compatible server (@20minutes/s3rver, docs/storage.md) as a process of its own,
 * on a free port over a fresh directory, its bucket's CORS admitting `origin`. Signatures (header
 * and presigned) are checked; `stop` ends it and removes its files.
 */
export async function startTestS3(origin = 'http://127.0.0.1'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-s3-'));
  const bucket = 'yunyao-test';
  const child = spawn(process.execPath, [fileURLToPath(new URL('./s3-server.child.mjs', import.meta.url)), dir, bucket, origin], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
    child.stdout.once('data', (line: Buffer) => resolve(Number(line.toString().trim())));
  });
  child.removeAllListeners('exit');
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
