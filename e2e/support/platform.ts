/**
 * The real platform for end-to-end tests: apps/server/src/main.ts under tsx (what
 * `npm start` runs) as a child process, so the browser sees exactly what a user
 * sees: the built web app from apps/web/dist, the API, the embedded worker and
 * PGlite in a fresh data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELAXED_RATE_LIMITS_ENV } from '@yunyao/platform';
import { runThroughPlatform } from '../../apps/server/src/ops/through-platform.ts';
import { RUN_RECEPTOR_CACHE_ENV } from '../../scripts/vitest/receptor-cache.global.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface E2EPlatform {
  baseUrl: string;
  dataDir: string;
  /**
   * An ops command run by this platform, as `npm run ops -- <args>` runs it beside a platform: over
   * the platform's `/api/ops` with the lock file's token. Not the CLI itself, whose Node start cost
   * about 2 CPU-seconds a call (the crash tests run the CLI, through and without a platform).
   */
  ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

/** Asks the kernel for a free port. main.ts writes the configured port into the lock file, so PORT=0 would not do. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** Signals the whole process group: the server and any engine process its worker started. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

export async function startE2EPlatform({ timeoutMs = 90_000, env: extraEnv = {} as Record<string, string> } = {}): Promise<E2EPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The run's receptor cache (scripts/vitest/receptor-cache.global.ts): the other projects prepare the same proteins.
  const receptorCache = process.env[RUN_RECEPTOR_CACHE_ENV];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    YUNYAO_DATASETS: '',
    // The NCI sample's first 200 molecules (Debian rdkit-data) instead of the default first 5,000: the journeys
    // screen two of them, and importing 5,000 cost half a minute of CPU beside the tests.
    LIBRARY_SEED_FILE: '/usr/share/RDKit/Data/NCI/first_200.props.sdf',
    ...(receptorCache ? { RECEPTOR_CACHE_DIR: receptorCache } : {}),
    ...RELAXED_RATE_LIMITS_ENV,
    ...extraEnv,
  };

  // `node --import tsx` rather than the tsx CLI: one process, which the IPC channel ties to this one.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './e2e/support/exit-with-parent.ts', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Kept for the error message when the platform does not come up.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the platform exited with code ${child.exitCode} before it was healthy:\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the platform was not healthy after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return { ...connectE2EPlatform({ baseUrl, dataDir }), stop };
}

/** The shared platform's one staff address (./global-setup.ts): the journey that registers it sees the staff views. */
export const E2E_STAFF_EMAIL = 'staff-e2e@example.com';

/** Where the suite's shared platform listens (./global-setup.ts starts it; files reach it through `inject`). */
export interface SharedPlatform {
  baseUrl: string;
  dataDir: string;
}

/** A handle on a platform running elsewhere: its ops CLI works, stopping it is its starter's business. */
export function connectE2EPlatform({ baseUrl, dataDir }: SharedPlatform): E2EPlatform {
  return {
    baseUrl,
    dataDir,
    ops: async (...args) => {
      const result = await runThroughPlatform(dataDir, args);
      if (!result) throw new Error(`no platform holds ${dataDir}`);
      const text = result.lines.join('\n');
      return { code: result.code, stdout: result.code === 0 ? text : '', stderr: result.code === 0 ? '' : text };
    },
    stop: async () => {},
  };
}
