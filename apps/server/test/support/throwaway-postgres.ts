import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error('PostgreSQL server binaries not found: run `make test` (it installs the Debian postgresql package)');
  return join(root, version, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A throw-away PostgreSQL server in a temp dir on a free port, for the API tests and the benches
 * that run several workers. PostgreSQL refuses to run as root, so as root (CI) it runs as the
 * `postgres` user the Debian package creates.
 */
export async function startThrowawayPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const runuser = existsSync('/usr/sbin/runuser') ? '/usr/sbin/runuser' : 'runuser';
    const argv = asRoot ? [runuser, '-u', 'postgres', '--', join(bin, cmd), ...args] : [join(bin, cmd), ...args];
    const res = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
