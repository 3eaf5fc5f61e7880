import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON_PATH, REPO_ROOT, SYSTEM_PYTHON } from './run-steps.testing.ts';
import { errorReason } from './python-step.ts';

describe('python helpers', () => {
  it('pass their unit tests under the system interpreter', () => {
    const res = spawnSync(SYSTEM_PYTHON, ['-m', 'unittest', 'discover', '-s', path.join(REPO_ROOT, 'python/tests')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PYTHONPATH: PYTHON_PATH, PYTHONDONTWRITEBYTECODE: '1' },
      encoding: 'utf8',
    });
    expect(res.stderr).toMatch(/\nOK\s*$/);
    expect(res.status).toBe(0);
  }, 600_000);

  it('take the last YUNYAO_ERROR line as the reason', () => {
    expect(errorReason('noise\nYUNYAO_ERROR: first\nmore\nYUNYAO_ERROR: 输入文件 a.sdf 第 1 条记录无法解析：x\n')).toBe(
      '输入文件 a.sdf 第 1 条记录无法解析：x',
    );
    expect(errorReason('Traceback ...\n')).toBeUndefined();
  });
});
