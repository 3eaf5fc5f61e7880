import type { Database } from '@yunyao/db';
import type { Config, Mailer, Storage, TaskQueue } from '@yunyao/platform';

/** What the API needs from the outside world; built once in main.ts or by a test. */
export interface ServerDeps {
  config: Config;
  database: Database;
  storage: Storage;
  queue: TaskQueue;
  mailer: Mailer;
  /** Shared secret the ops CLI presents when it reaches a running platform. */
  opsToken?: string;
}
