import { describe, expect, it } from 'vitest';
import { hasEnded, parseAccounting } from './accounting.ts';

// Two lines as Slurm 22.05's `sacct --parsable2 --noheader --format=<SACCT_FIELDS>` prints them.
const SACCT_OUTPUT = [
  '41|relax_md|cpu|yy_alice|alice|COMPLETED|2026-11-27T10:00:00|2026-11-27T10:30:00|1800|4|7200|1-02:03:04.500|0:0|n1',
  '42|scan|cloud|yy_alice|alice|CANCELLED by 1001|2026-11-27T11:00:00|Unknown|60|2|120|00:01.250|0:15|n2',
  '43|pending||yy_alice|alice|PENDING|Unknown|Unknown|0|1|0|00:00:00|0:0|None assigned',
  'a line of another shape',
].join('\n');

describe('sacct output read for billing', () => {
  it('reads each allocation with its state, times and core-seconds', () => {
    const [done, cancelled, pending, ...rest] = parseAccounting(SACCT_OUTPUT);
    expect(rest).toEqual([]);
    expect(done).toMatchObject({ jobId: '41', name: 'relax_md', partition: 'cpu', account: 'yy_alice', state: 'COMPLETED', elapsedSeconds: 1800, allocCpus: 4, cpuTimeRawSeconds: 7200 });
    expect(done!.totalCpuSeconds).toBeCloseTo(93_784.5, 3);
    expect(done!.end!.getTime() - done!.start!.getTime()).toBe(1_800_000);
    expect(cancelled).toMatchObject({ state: 'CANCELLED', end: null, exitCode: '0:15' });
    expect(cancelled!.totalCpuSeconds).toBeCloseTo(1.25, 3);
    expect(pending).toMatchObject({ state: 'PENDING', start: null, cpuTimeRawSeconds: 0 });
  });

  it('knows which jobs have ended', () => {
    const [done, cancelled, pending] = parseAccounting(SACCT_OUTPUT);
    expect([done, cancelled, pending].map((job) => hasEnded(job!))).toEqual([true, true, false]);
  });
});
