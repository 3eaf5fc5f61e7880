import { describe, expect, it, vi } from 'vitest';

// The i18n set-up reads the stored language; the unit project runs without a browser.
vi.hoisted(() => vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined }));
const { taskModuleName, taskName } = await import('./task-name.ts');

describe('task names in the reader’s language', () => {
  it('shows the English name the module made, and the module’s English name, in English', () => {
    const task = { name: 'kinase.fasta × 3 个分子', name_en: 'kinase.fasta × 3 molecules', module: 'graph_dta', module_name: '亲和力预测2D' };
    expect(taskName(task, 'en')).toBe('kinase.fasta × 3 molecules');
    expect(taskName(task, 'zh-CN')).toBe('kinase.fasta × 3 个分子');
    expect(taskModuleName(task, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
    expect(taskModuleName({ module: 'gone', module_name: '旧模块' }, 'en')).toBe('旧模块');
  });
});
