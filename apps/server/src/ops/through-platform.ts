import { request } from 'node:http';
import { readLock } from '../platform-lock.ts';
import type { OpsResult } from './ops-result.ts';

/**
 * An ops command run by the platform that holds `dataDir` (the embedded database admits one
 * process), over its loopback `/api/ops` with the token from the lock file; `undefined` when no
 * platform holds it.
 */
export async function runThroughPlatform(dataDir: string, args: string[]): Promise<OpsResult | undefined> {
  const holder = readLock(dataDir);
  if (holder?.holder !== 'platform' || !holder.port || !holder.opsToken) return undefined;
  const body = (await postWithoutTimeout(holder.port, holder.opsToken, { args })) as { errno: number; errmsg: string; data: OpsResult | null };
  if (body.errno !== 0 || !body.data) return { code: 1, lines: [`platform refused: ${body.errmsg}`] };
  return body.data;
}

/**
 * POST to the running platform and wait as long as the command takes. Not
 * fetch: its client gives up on an answer after 300 s, and a library import
 * of millions of molecules runs far longer while the platform carries on.
 */
function postWithoutTimeout(port: number, opsToken: string, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/ops', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-ops-token': opsToken } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
