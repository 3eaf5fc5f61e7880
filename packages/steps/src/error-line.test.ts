import { describe, expect, it } from 'vitest';
import { errorReason, exitFailureReason } from './error-line.ts';

describe('failure reasons', () => {
  it('take the last YUNYAO_ERROR line as the declared reason', () => {
    expect(errorReason('noise\nYUNYAO_ERROR: first\nmore\nYUNYAO_ERROR: 输入文件 a.sdf 第 1 条记录无法解析：x\n')).toBe('输入文件 a.sdf 第 1 条记录无法解析：x');
    expect(errorReason('Traceback ...\n')).toBeUndefined();
  });

  it("prefer the wrapper's declared reason", () => {
    expect(exitFailureReason('noise\nYUNYAO_ERROR: 输入文件 x.sdf 第 3 条记录无法解析\n', 'convert', 1)).toBe('输入文件 x.sdf 第 3 条记录无法解析');
  });

  it("fall back to the engine's last lines", () => {
    const reason = exitFailureReason(Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'), 'convert', 2);
    expect(reason).toContain('退出码 2');
    expect(reason).toContain('line 19');
    expect(reason).not.toContain('line 5\n');
  });
});
