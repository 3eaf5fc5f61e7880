import { describe, expect, it } from 'vitest';
import { getModule } from '../index.ts';
import { counted } from './task-name.ts';

/** Han characters: what an English name must not carry of the platform's own words. */
const HAN = /[\u4e00-\u9fff（）]/;

describe('task names in both languages', () => {
  it('counts in each language, singular and plural', () => {
    expect(counted(1, { zh: '分子', en: 'molecule' })).toEqual({ zh: '1 个分子', en: '1 molecule' });
    expect(counted(3, { zh: '分子', en: 'molecule' })).toEqual({ zh: '3 个分子', en: '3 molecules' });
  });

  it('names a 2D affinity, docking and workflow task in English without Chinese words', () => {
    const smiles = [{ path: 'inputs/0_x.csv', originalName: 'molecules.csv' }];
    const dta = getModule('graph_dta')!;
    const typed = dta.taskName({ mole_type: 'molecule', molecules: 'CCO\nCCN\nCCC' } as never, { protein: [{ path: 'inputs/1', originalName: 'kinase.fasta' }] });
    expect(typed).toEqual({ zh: 'kinase.fasta × 3 个分子', en: 'kinase.fasta × 3 molecules' });
    const docking = getModule('autodock')!;
    const name = docking.taskName({ mole_type: 'database' } as never, {});
    expect(name.zh).toBe('蛋白 × 数据库筛选');
    expect(name.en).toBe('protein × library screen');
    const group = getModule('group')!;
    const plan = { modules: [{ module: 'autodock', fields: {} }, { module: 'graph_dta', fields: {} }] };
    const workflow = group.taskName(plan as never, { smiles });
    expect(workflow.en).not.toMatch(HAN);
    expect(workflow.zh).toMatch(HAN);
  });
});
