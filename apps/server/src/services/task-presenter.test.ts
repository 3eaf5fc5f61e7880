import { describe, expect, it } from 'vitest';
import { storedReason } from '@yunyao/db';
import '@yunyao/modules';
import { failureReason } from './task-presenter.ts';

describe("a failed task's reason", () => {
  it('is kept as its message and its Chinese, and read in the asker\'s language', () => {
    const stored = storedReason('common.noMolecules#{"file":"a.csv"}');
    expect(stored).toEqual({ error: '输入文件 a.csv 中没有可读取的分子', errorMessage: { code: 'common.noMolecules', params: { file: 'a.csv' } } });
    expect(failureReason(stored, 'en')).toBe('The input file a.csv holds no readable molecule.');
    expect(failureReason(stored, 'zh')).toBe('输入文件 a.csv 中没有可读取的分子');
  });

  it('of a task from before messages were kept, or given as text, is its Chinese in either language', () => {
    expect(failureReason({ error: 'PDBFixer 处理蛋白质失败', errorMessage: null }, 'en')).toBe('PDBFixer 处理蛋白质失败');
    expect(storedReason('PDBFixer 处理蛋白质失败')).toEqual({ error: 'PDBFixer 处理蛋白质失败', errorMessage: null });
  });
});
