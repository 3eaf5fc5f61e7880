import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds an embedded (PGlite) data dir: the platform, or an ops command that opened it directly. */
export interface LockInfo {
  pid: number;
  holder: 'platform' | 'ops';
  port?: number;
  opsToken?: string;
}

const lockPath = (dataDir: string) => join(dataDir, 'platform.lock.json');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the data dir, if any; a lock left by a dead process is ignored. */
export function readLock(dataDir: string): LockInfo | undefined {
  const path = lockPath(dataDir);
  if (!existsSync(path)) return undefined;
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    return alive(info.pid) && info.pid !== process.pid ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite corrupts a data dir opened by two processes at once, so whoever opens
 * it first writes this lock and everyone else either goes through it or stops.
 */
export function acquireLock(dataDir: string, info: Omit<LockInfo, 'pid'>): () => void {
  const holder = readLock(dataDir);
  if (holder) throw new Error(`the data dir ${dataDir} is in use by ${holder.holder} (pid ${holder.pid})`);
  writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, ...info }), { mode: 0o600 });
  return () => {
    if (readLock(dataDir) === undefined) rmSync(lockPath(dataDir), { force: true });
  };
}
