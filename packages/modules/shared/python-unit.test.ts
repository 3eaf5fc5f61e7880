import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON_PATH, REPO_ROOT, SYSTEM_PYTHON } from './run-steps.testing.ts';

describe('python helpers', () => {
  it('pass their unit tests under the system interpreter', () => {
    const res = spawnSync(SYSTEM_PYTHON, ['-m', 'unittest', 'discover', '-s', path.join(PYTHON_PATH, 'tests')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PYTHONPATH: PYTHON_PATH, PYTHONDONTWRITEBYTECODE: '1' },
      encoding: 'utf8',
    });
    expect(res.stderr).toMatch(/\nOK\s*$/);
    expect(res.status).toBe(0);
  }, 900_000);
});
