import { describe, expect, it } from 'vitest';
import { parseSacct, slurmDuration } from './sacct.ts';

describe('sacct output', () => {
  it('reads TotalCPU in every form Slurm writes it', () => {
    expect(slurmDuration('00:00.025')).toBeCloseTo(0.025);
    expect(slurmDuration('01:02:03')).toBe(3723);
    expect(slurmDuration('2-01:00:00')).toBe(2 * 86400 + 3600);
    expect(slurmDuration('')).toBe(0);
  });

  it("sums a job's steps and says when one has not ended yet", () => {
    const [job] = parseSacct(['9|CANCELLED by 0|0:0|5|00:06.400|n1', '9.batch|RUNNING|0:0|5|00:06.000|n1', '9.0|CANCELLED|0:15|4|00:00.400|n1'].join('\n'));
    expect(job).toMatchObject({ state: 'CANCELLED', cpuSeconds: 6.4, steps: 2, stepsEnded: false });
  });

  it('keeps job and element lines, folds steps in, expands pending ranges and reads exit code and signal', () => {
    const text = [
      '7|COMPLETED|0:0|3|00:01.500|n1',
      '7.batch|COMPLETED|0:0|3|00:01.500|n1',
      '8_0|FAILED|2:0|1|00:00.100|n2',
      '8_1|CANCELLED by 0|0:15|1|00:00:00|n1',
      '8_[2-3,5%2]|PENDING|0:0|0|00:00:00|None assigned',
    ].join('\n');
    const jobs = parseSacct(text);
    expect(jobs.map((j) => [j.id, j.state])).toEqual([['7', 'COMPLETED'], ['8_0', 'FAILED'], ['8_1', 'CANCELLED'], ['8_2', 'PENDING'], ['8_3', 'PENDING'], ['8_5', 'PENDING']]);
    expect(jobs[0]).toMatchObject({ cpuSeconds: 1.5, elapsedSeconds: 3, nodes: 'n1', steps: 1, stepsEnded: true });
    expect(jobs[1]).toMatchObject({ exitCode: 2, signal: 0 });
    expect(jobs[2]).toMatchObject({ signal: 15 });
  });
});
