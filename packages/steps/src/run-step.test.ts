import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { parseTimeRecord, runStep, type StepRequest } from './run-step.ts';

/** A failure as the task list shows it, in Chinese and English (the runner gives message ids). */
const zh = (reason: string | undefined) => renderMessage(reason ?? '', 'zh');

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function step(argv: string[], extra: Partial<StepRequest> = {}): StepRequest {
  dir = mkdtempSync(join(tmpdir(), 'yunyao-step-'));
  return { name: 'step', argv, cwd: dir, cores: 1, timeLimitSeconds: 30, ...extra };
}

/** Whether a process still runs: a killed one is gone, or a zombie until its new parent reaps it. */
function stillRunning(pid: number): boolean {
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat !== '' && stat.split(') ')[1]?.[0] !== 'Z';
}

/**
 * The group is signalled as the step ends; a loaded machine may take a moment to finish a grandchild off (CI once
 * saw the CPU-budget test's busy grandchild still running at the very instant the step resolved).
 */
async function expectStopped(pid: number): Promise<void> {
  await expect.poll(() => stillRunning(pid), { timeout: 2000 }).toBe(false);
}

/** A step whose background grandchild writes its pid to `child.pid` and outlives the step's own command. */
const withGrandchild = ['bash', '-c', 'sleep 30 & echo $! > child.pid; sleep 30; wait'];

async function grandchildPid(): Promise<number> {
  const file = join(dir, 'child.pid');
  for (let i = 0; i < 50; i++) {
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (text) return Number(text);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the grandchild never started');
}

describe('GNU time records', () => {
  it('reads the last line, after any exit-status line', () => {
    expect(parseTimeRecord('Command exited with non-zero status 3\n1.50 0.75 0.25\n')).toEqual({ wall: 1.5, cpu: 1 });
    expect(parseTimeRecord('garbage')).toBeUndefined();
  });
});

describe('the step runner', () => {
  it('refuses a step asking for more memory than the machine has, without starting it', async () => {
    const res = await runStep(step(['touch', 'started'], { cores: 4, memoryMbPerCore: 2048 }), 4096);
    expect(zh(res.refused)).toBe('任务申请内存 8192 MB（4 核 × 2048 MB），超过计算节点内存 4096 MB，请减少并行核数或每核内存');
    expect(renderMessage(res.refused!, 'en')).toBe("The task asks for 8192 MB of memory (4 cores × 2048 MB), more than the node's 4096 MB; use fewer cores or less memory per core.");
    expect(res.failure).toEqual({ kind: 'input', reason: res.refused });
    expect(() => readFileSync(join(dir, 'started'))).toThrow();
    expect((await runStep(step(['true'], { cores: 2, memoryMbPerCore: 2048 }), 4096)).exitCode).toBe(0);
  });

  it('writes stdout and stderr to files and measures CPU time of the whole process tree', async () => {
    // A child busy-loops for about half a second of CPU.
    const req = step(['bash', '-c', 'echo hello; echo oops >&2; python3 -c "import time; t=time.process_time()\nwhile time.process_time()-t<0.5: pass"']);
    const res = await runStep({ ...req, stdout: { file: join(dir, 'out') }, stderr: { file: join(dir, 'err') } });
    expect(res.exitCode).toBe(0);
    expect(res.failure).toBeUndefined();
    expect(readFileSync(join(dir, 'out'), 'utf8')).toBe('hello\n');
    expect(readFileSync(join(dir, 'err'), 'utf8')).toBe('oops\n');
    // 0.5 s of busy CPU; the lower bound leaves room for the timer's granularity.
    expect(res.cpuSeconds).toBeGreaterThan(0.4);
  });

  it('captures output when no file is given', async () => {
    const res = await runStep(step(['bash', '-c', 'echo \'{"a": 1}\'; echo note >&2']));
    expect(JSON.parse(res.stdout)).toEqual({ a: 1 });
    expect(res.stderr).toBe('note\n');
  });

  it("starts from the platform's environment, not the worker's: its threads, OpenMP threads that sleep at barriers, its own variables on top", async () => {
    process.env.YUNYAO_WORKER_ONLY = 'leaked';
    try {
      const res = await runStep(
        step(['bash', '-c', 'echo "$OMP_NUM_THREADS $OMP_WAIT_POLICY $HOME ${YUNYAO_WORKER_ONLY:-unset} $EXTRA"'], { cores: 2, env: { EXTRA: 'mine' } }),
      );
      expect(res.stdout.trim()).toBe(`2 PASSIVE ${dir} unset mine`);
    } finally {
      delete process.env.YUNYAO_WORKER_ONLY;
    }
  });

  it("takes a failed step's reason from its last YUNYAO_ERROR line", async () => {
    const res = await runStep(step(['bash', '-c', 'echo "YUNYAO_ERROR: first" >&2; echo "YUNYAO_ERROR: 输入文件 a.sdf 无法解析" >&2; echo trailing >&2; exit 2']));
    expect(res).toMatchObject({ exitCode: 2, timedOut: false, cancelled: false });
    expect(res.failure).toEqual({ kind: 'engine', reason: '输入文件 a.sdf 无法解析' });
    const refused = await runStep(step(['bash', '-c', 'echo "YUNYAO_INPUT_ERROR: 输入文件 a.sdf 无法解析" >&2; exit 2']));
    expect(refused.failure).toEqual({ kind: 'input', reason: '输入文件 a.sdf 无法解析' });
  });

  it('reads the reason from the stderr file too, else names the step and its exit code, leaving the engine\'s lines in the file', async () => {
    const declared = step(['bash', '-c', 'echo "YUNYAO_INPUT_ERROR: 输入文件 a.sdf 无法解析" >&2; exit 2']);
    expect((await runStep({ ...declared, stderr: { file: join(dir, 'declared') } })).failure).toEqual({ kind: 'input', reason: '输入文件 a.sdf 无法解析' });
    const req = step(['bash', '-c', 'echo engine crashed in /srv/yunyao >&2; exit 3']);
    const res = await runStep({ ...req, stderr: { file: join(dir, 'err') } });
    expect(res.failure?.kind).toBe('engine');
    expect(zh(res.failure?.reason)).toBe('计算步骤 step 异常退出（退出码 3），计算程序的输出已记入任务日志');
    expect(readFileSync(join(dir, 'err'), 'utf8')).toContain('engine crashed in /srv/yunyao');
  });

  it('kills the whole process group at the time limit', async () => {
    const pending = runStep(step(withGrandchild, { timeLimitSeconds: 1 }));
    const pid = await grandchildPid();
    const res = await pending;
    expect(res.timedOut).toBe(true);
    expect(res.failure?.kind).toBe('time_limit');
    expect(zh(res.failure?.reason)).toBe('步骤 step 超过时间限制 (1 秒)，已终止');
    expect(res.wallSeconds).toBeLessThan(10);
    // Killed with its parent, not merely orphaned.
    await expectStopped(pid);
  });

  it('stops a step whose process group (a busy grandchild included) reaches its CPU budget, and bills what it used', async () => {
    const burner = ['bash', '-c', 'python3 -c "while True: pass" & echo $! > child.pid; wait'];
    const pending = runStep(step(burner, { cpuBudgetSeconds: 1.5 }));
    const pid = await grandchildPid();
    const res = await pending;
    expect(res.overBudget).toBe(true);
    expect(res.failure?.kind).toBe('spending_cap');
    expect(zh(res.failure?.reason)).toMatch(/^步骤 step 用完了本任务的费用上限（\d+ 核秒），已终止$/);
    // Read once a second: stopped within about a second of CPU past the budget, never billed for less than it.
    expect(res.cpuSeconds).toBeGreaterThanOrEqual(1.5);
    expect(res.cpuSeconds).toBeLessThan(4);
    await expectStopped(pid);
  });

  it('lets a step under its CPU budget finish', async () => {
    const res = await runStep(step(['bash', '-c', 'sleep 1.5; echo done'], { cpuBudgetSeconds: 1 }));
    expect(res).toMatchObject({ exitCode: 0, stdout: 'done\n' });
    expect(res.failure).toBeUndefined();
  });

  it('kills the whole process group when aborted', async () => {
    const abort = new AbortController();
    const pending = runStep(step(withGrandchild, { signal: abort.signal }));
    const pid = await grandchildPid();
    abort.abort();
    const res = await pending;
    expect(res.cancelled).toBe(true);
    expect(res.failure?.kind).toBe('cancelled');
    expect(zh(res.failure?.reason)).toBe('任务已被用户取消');
    expect(res.wallSeconds).toBeLessThan(10);
    await expectStopped(pid);
  });

  it('streams stdout line by line, waiting for each line to be handled', async () => {
    const seen: string[] = [];
    const req = step(['bash', '-c', 'for i in 1 2 3; do echo "line $i"; done']);
    const res = await runStep({
      ...req,
      stdout: {
        eachLine: async (line) => {
          await new Promise((r) => setTimeout(r, 20));
          seen.push(line);
        },
      },
    });
    expect(res.exitCode).toBe(0);
    expect(seen).toEqual(['line 1', 'line 2', 'line 3']);
    expect(res.stdout).toBe('');
  });

  it('stops the step and rethrows when the line handler throws', async () => {
    const req = step(['bash', '-c', 'echo first; exec sleep 30']);
    const started = Date.now();
    const failing = runStep({
      ...req,
      stdout: {
        eachLine: () => {
          throw new Error('bad line');
        },
      },
    });
    await expect(failing).rejects.toThrow('bad line');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports an engine that is not installed as a failure', async () => {
    const res = await runStep(step(['/nonexistent/engine']));
    expect(res.exitCode).not.toBe(0);
    expect(res.failure).toBeDefined();
  });
});
