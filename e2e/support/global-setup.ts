/**
 * Vitest global set-up of the e2e project: the platform serves apps/web/dist,
 * so a stale build would test yesterday's web app. Staleness is decided by the
 * same script `make test` uses (via scripts/setup.sh).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './platform.ts';

export default function setup(): void {
  execFileSync('bash', [join(repoRoot, 'scripts/build-web-if-stale.sh')], { cwd: repoRoot, stdio: 'inherit' });
}
