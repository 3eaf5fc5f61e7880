import { describe, expect, it } from 'vitest';
import { errorReason, exitFailure } from './error-line.ts';

describe('failure reasons', () => {
  it('take the last YUNYAO_ERROR line as the declared reason', () => {
    expect(errorReason('noise\nYUNYAO_ERROR: first\nmore\nYUNYAO_ERROR: 输入文件 a.sdf 第 1 条记录无法解析：x\n')).toBe('输入文件 a.sdf 第 1 条记录无法解析：x');
    expect(errorReason('Traceback ...\n')).toBeUndefined();
  });

  it("prefer the wrapper's declared reason, an engine failure unless it refused the input", () => {
    expect(exitFailure('noise\nYUNYAO_ERROR: PDBFixer 处理蛋白质失败\n', 'prepare', 2)).toEqual({ kind: 'engine', reason: 'PDBFixer 处理蛋白质失败' });
    expect(exitFailure('noise\nYUNYAO_INPUT_ERROR: 输入文件 x.sdf 第 3 条记录无法解析\n', 'convert', 2)).toEqual({ kind: 'input', reason: '输入文件 x.sdf 第 3 条记录无法解析' });
    expect(errorReason('YUNYAO_INPUT_ERROR: 输入文件 x.sdf 中没有可读取的分子\n')).toBe('输入文件 x.sdf 中没有可读取的分子');
  });

  it('take the last declaration: an input refusal followed by a failure is that failure', () => {
    expect(exitFailure('YUNYAO_INPUT_ERROR: bad\nYUNYAO_ERROR: Vina 失败\n', 'dock', 3).kind).toBe('engine');
  });

  it("call the step program's own crash the platform's fault", () => {
    expect(exitFailure('Traceback (most recent call last):\nKeyError: x\nYUNYAO_PLATFORM_ERROR: 内部错误：KeyError: x\n', 'dock', 3)).toEqual({ kind: 'platform', reason: '内部错误：KeyError: x' });
  });

  it("fall back to the engine's last lines", () => {
    const { kind, reason } = exitFailure(Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'), 'convert', 2);
    expect(kind).toBe('engine');
    expect(reason).toContain('退出码 2');
    expect(reason).toContain('line 19');
    expect(reason).not.toContain('line 5\n');
  });
});
