import type { TaskAttempt } from '@yunyao/db';

/**
 * The attempts running in this process. A heartbeat is written by the same event loop as everything
 * else, so a loop held up for longer than the stale interval (a long synchronous call) makes a healthy
 * attempt look silent; the process's own sweep asks here instead of trusting the heartbeat's age.
 */
export class LiveAttempts {
  private readonly keys = new Set<string>();
  private static key(a: TaskAttempt): string {
    return `${a.taskId}/${a.attempt}/${a.worker}`;
  }
  add(a: TaskAttempt): void {
    this.keys.add(LiveAttempts.key(a));
  }
  delete(a: TaskAttempt): void {
    this.keys.delete(LiveAttempts.key(a));
  }
  has(a: TaskAttempt): boolean {
    return this.keys.has(LiveAttempts.key(a));
  }
}
