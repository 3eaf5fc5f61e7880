import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalExecutor, parseTimeRecord } from './local.executor.ts';
import type { StepRequest } from './executor.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function step(argv: string[], extra: Partial<StepRequest> = {}): StepRequest {
  dir = mkdtempSync(join(tmpdir(), 'yunyao-exec-'));
  return {
    name: 'step',
    argv,
    env: {},
    cwd: dir,
    cores: 1,
    timeLimitSeconds: 30,
    signal: new AbortController().signal,
    stdoutPath: join(dir, 'out'),
    stderrPath: join(dir, 'err'),
    ...extra,
  };
}

describe('GNU time records', () => {
  it('reads the last line, after any exit-status line', () => {
    expect(parseTimeRecord('Command exited with non-zero status 3\n1.50 0.75 0.25\n')).toEqual({ wall: 1.5, cpu: 1 });
    expect(parseTimeRecord('garbage')).toBeUndefined();
  });
});

describe('local executor', () => {
  const executor = new LocalExecutor();

  it('refuses a step asking for more memory than the machine has, without starting it', async () => {
    const small = new LocalExecutor(4096);
    const res = await small.run(step(['touch', 'started'], { cores: 4, memoryMbPerCore: 2048 }));
    expect(res.refused).toBe('任务申请内存 8192 MB（4 核 × 2048 MB），超过计算节点内存 4096 MB，请减少并行核数或每核内存');
    expect(() => readFileSync(join(dir, 'started'))).toThrow();
    expect((await small.run(step(['true'], { cores: 2, memoryMbPerCore: 2048 }))).exitCode).toBe(0);
  });

  it('keeps stdout and stderr and measures CPU time of the whole process tree', async () => {
    // A child busy-loops for about half a second of CPU.
    const res = await executor.run(step(['bash', '-c', 'echo hello; echo oops >&2; python3 -c "import time; t=time.process_time()\nwhile time.process_time()-t<0.5: pass"']));
    expect(res.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'out'), 'utf8')).toBe('hello\n');
    expect(readFileSync(join(dir, 'err'), 'utf8')).toBe('oops\n');
    // 0.5 s of busy CPU; the lower bound leaves room for the timer's granularity.
    expect(res.cpuSeconds).toBeGreaterThan(0.4);
  });

  it('reports a non-zero exit', async () => {
    const res = await executor.run(step(['bash', '-c', 'exit 3']));
    expect(res).toMatchObject({ exitCode: 3, timedOut: false, cancelled: false });
  });

  it('kills the whole process group at the time limit', async () => {
    const res = await executor.run(step(['bash', '-c', 'sleep 30 & sleep 30; wait'], { timeLimitSeconds: 1 }));
    expect(res.timedOut).toBe(true);
    expect(res.wallSeconds).toBeLessThan(10);
  });

  it('kills the step when the task is cancelled', async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    const res = await executor.run(step(['sleep', '30'], { signal: abort.signal }));
    expect(res.cancelled).toBe(true);
    expect(res.wallSeconds).toBeLessThan(10);
  });

  it('reports an engine that is not installed', async () => {
    const res = await executor.run(step(['/nonexistent/engine']));
    expect(res.exitCode).not.toBe(0);
  });
});
