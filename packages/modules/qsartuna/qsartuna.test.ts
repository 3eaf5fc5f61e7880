import { describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { qsartunaModule } from './qsartuna.module.ts';
import { QSAR_ALGORITHMS, QSAR_DESCRIPTORS, qsartunaParams, UNAVAILABLE_DESCRIPTORS } from './qsartuna.form.ts';

/** The first refusal as the Chinese page reads it (schemas give message ids). */
const issue = (input: Record<string, unknown>) => {
  const id = qsartunaParams.safeParse({ mode: 'classification', smiles_col: 'smiles', labels_col: 'active', ...input }).error?.issues[0]?.message;
  return id === undefined ? undefined : renderMessage(id, 'zh');
};

describe('QSAR build params', () => {
  it("offers the spec's 7 classification and 9 regression algorithms and 5 descriptors, the other 2 refused with why", () => {
    expect([QSAR_ALGORITHMS.classification.length, QSAR_ALGORITHMS.regression.length]).toEqual([7, 9]);
    expect(QSAR_DESCRIPTORS.length + Object.keys(UNAVAILABLE_DESCRIPTORS).length).toBe(7);
    expect(issue({ descriptors: 'UnscaledJazzyDescriptors' })).toBe('描述符 UnscaledJazzyDescriptors 在本平台不可用：Jazzy 没有 Debian 软件包');
    expect(issue({ descriptors: ['ECFP', 'Avalon'] })).toBe('描述符 Avalon 在本平台不可用：Debian 打包的 RDKit 未编译 Avalon 工具包');
    expect(issue({ descriptors: 'Morgan3' })).toBe('未知的描述符：Morgan3');
  });

  it('takes lists repeated or comma-joined, and fills the mode’s algorithms when none is chosen', () => {
    const parsed = qsartunaParams.parse({ mode: 'regression', smiles_col: 'smiles', labels_col: 'pIC50', descriptors: 'ECFP, MACCS_keys', algorithms: ['Ridge', 'SVR'] });
    expect(parsed).toMatchObject({ descriptors: ['ECFP', 'MACCS_keys'], algorithms: ['Ridge', 'SVR'], trials: 30, time_budget: 20, seed: 42 });
    const defaults = qsartunaModule.resolveParams!(qsartunaParams.parse({ mode: 'classification', smiles_col: 's', labels_col: 'y' }));
    expect(defaults.algorithms.length).toBeGreaterThan(0);
    expect(defaults.algorithms.every((a) => (QSAR_ALGORITHMS.classification as readonly string[]).includes(a))).toBe(true);
  });

  it('refuses a missing choice, the same column twice, another mode’s algorithm and a budget out of bounds', () => {
    expect(issue({ mode: undefined })).toBe('请选择建模类型（回归或分类）！');
    expect(issue({ smiles_col: ' ' })).toBe('请选择 SMILES 列！');
    expect(issue({ labels_col: 'smiles' })).toBe('SMILES 列与标签列不能相同！');
    expect(issue({ algorithms: 'Ridge' })).toBe('算法 Ridge 不适用于分类模型！');
    expect(issue({ trials: '0' })).toBe('搜索次数须为 1–200 的整数！');
    expect(issue({ time_budget: '121' })).toBe('搜索时间上限须为 1–120 分钟的整数！');
  });

  it('holds the time budget on both cores, names the task after the label column unless named', () => {
    const params = qsartunaParams.parse({ mode: 'regression', smiles_col: 'smiles', labels_col: 'pIC50', time_budget: '30' });
    const hours = qsartunaModule.estimateCoreHours(params, { smiles: [{ name: 't.csv', bytes: 1, records: 4000, atoms: 0 }] });
    expect(hours).toBeGreaterThan((2 * 30) / 60);
    expect(hours).toBeLessThan((2 * 45) / 60);
    expect(qsartunaModule.taskName(params, {})).toEqual({ zh: 'pIC50', en: 'pIC50' });
    expect(qsartunaModule.taskName({ ...params, name: 'hERG 模型' }, {})).toEqual({ zh: 'hERG 模型', en: 'hERG 模型' });
  });
});
