import { loadConfig, requireSupportedNode } from '@yunyao/platform';
import { acquireLock } from './platform-lock.ts';
import { startPlatform } from './platform.ts';
import { seedLibraryInBackground } from './library-seed.ts';

requireSupportedNode();
const config = loadConfig();
const release = config.databaseUrl ? () => undefined : acquireLock(config.dataDir, { holder: 'platform' });
const platform = await startPlatform(config);
const address = await platform.app.listen({ port: config.port, host: config.host });
if (!config.databaseUrl) {
  // Re-written with the port and ops token now that they are known, so `npm run ops` can reach us.
  release();
  acquireLock(config.dataDir, { holder: 'platform', port: config.port, opsToken: platform.deps.opsToken });
}
void seedLibraryInBackground(platform.deps, platform.app.log);
platform.app.log.info(`云药 Yunyao listening on ${address} (database ${platform.deps.database.kind}, data ${config.dataDir}, mail ${platform.deps.mailer.describe()})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    await platform.close();
    release();
    process.exit(0);
  });
}
