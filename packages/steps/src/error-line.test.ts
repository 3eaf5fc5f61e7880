import { describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
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

  it("never show the engine's own lines: they stay in the task log", () => {
    const stderr = ['Traceback (most recent call last):', "  File \"/usr/lib/python3/dist-packages/x.py\", line 3", "ValueError: could not convert string to float: 'all\\n'"].join('\n');
    const failure = exitFailure(stderr, 'convert', 2);
    expect(failure.kind).toBe('engine');
    expect(renderMessage(failure.reason, 'zh')).toBe('计算步骤 convert 异常退出（退出码 2），计算程序的输出已记入任务日志');
    expect(renderMessage(exitFailure(stderr, 'convert', null).reason, 'en')).toBe("The step convert stopped abnormally (exit code none); the program's output is in the task log.");
  });

  it('keep a message id and its parameters as the step declared them', () => {
    expect(errorReason('YUNYAO_INPUT_ERROR: common.noMolecules#{"file":"a.csv"}\n')).toBe('common.noMolecules#{"file":"a.csv"}');
  });
});
