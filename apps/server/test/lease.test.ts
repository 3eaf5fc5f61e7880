import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTask, getTaskRows } from '@yunyao/db';
import { newUser, processesUnder, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// The 200 molecules of a real set: an optimisation that outlasts the blocked loop below. A hundred did not
// always: on a faster machine the task ended inside the 6 s block (clean-clone run cc26, 2026-11-28).
const MOLECULES = readFileSync('/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf', 'utf8').split('$$$$\n').slice(0, 200).join('$$$$\n') + '$$$$\n';
const STALE_SECONDS = 2;

let t: TestPlatform;
beforeAll(async () => {
  // The embedded arrangement: API, worker and sweep in this one process, sweeping every second.
  t = await startTestPlatform({ TASK_STALE_SECONDS: String(STALE_SECONDS), WORKER_CONCURRENCY: '2' });
});
afterAll(() => t?.close());

/**
 * Holds the event loop as a long synchronous call would (a big parse, a WASM query on the main thread): no
 * timer, no I/O callback runs meanwhile. Asleep rather than spinning, so the engine and the other lane of
 * `make test` keep the CPU.
 */
function blockLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe("a task's lease while its own process is healthy", () => {
  it('survives an event loop blocked for longer than the stale interval: the attempt finishes with its result', async () => {
    const { token } = await newUser(t, 'blocked-loop@example.com');
    const sub = await submitFiles(t, token, '/api/perform', [{ field: 'input', name: 'many.sdf', data: MOLECULES }], { structure: '2D', out: 'many.sdf' });
    const id = sub.body.data.task_id;
    const { db } = t.platform.deps.database;
    for (;;) {
      if ((await getTask(db, id))?.state === 'running' && processesUnder(t.config.scratchDir).length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Heartbeats, sweep and queue all wait on this loop; afterwards every heartbeat looks older than the lease.
    blockLoop(STALE_SECONDS * 3000);
    // The attempt is still at work when the loop comes back: the sweep sees it running, not finished.
    expect(processesUnder(t.config.scratchDir).length).toBeGreaterThan(0);

    expect((await waitForTask(t, token, id, 120_000)).status_text).toBe('已完成');
    const task = (await getTask(db, id))!;
    expect(task).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(task.feeFen).toBeGreaterThan(0);
    expect((await getTaskRows(db, id, 0, 1)).total).toBeGreaterThan(0);
  });
});
