import type { QsarTable } from '@yunyao/contract';
import { qsartunaForm } from '@yunyao/modules/forms/qsartuna';
import { describe, expect, it } from 'vitest';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { appendParams, buildParams, DEFAULT_ALGORITHM_TICKS, modeOfColumn, NO_CHOICE, proposedChoice, tableKey, withLabelColumn, type BuildFormState } from './qsar-build-form.ts';

const column = (name: string, numeric: number, distinct: number) => ({ name, numeric, distinct, smiles: 0, example: 'x' });
const table: QsarTable = {
  format: 'csv',
  rows: 60,
  columns: [column('name', 0, 60), { ...column('smiles', 0, 60), smiles: 1 }, column('logp', 1, 58), column('lipophilic', 0, 2)],
  smiles_col: 'smiles',
  labels_col: 'logp',
  mode: 'regression',
};

const state = (over: Partial<BuildFormState> = {}): BuildFormState => ({
  source: 'file',
  choice: proposedChoice(table),
  descriptors: ['ECFP'],
  algorithms: DEFAULT_ALGORITHM_TICKS,
  trials: 2,
  timeBudget: 1,
  seed: 42,
  name: '',
  ...over,
});

describe('QSAR build form', () => {
  it('proposes the mode from the label column as the engine does', () => {
    expect(modeOfColumn(table.columns[3])).toBe('classification');
    expect(modeOfColumn(table.columns[2])).toBe('regression');
    expect(modeOfColumn(table.columns[0])).toBeNull();
    expect(modeOfColumn(undefined)).toBeNull();
  });

  it('switches the mode with the label column, and keeps the chosen one where the column suggests none', () => {
    const start = proposedChoice(table);
    expect(withLabelColumn(start, table, 'lipophilic')).toEqual({ smiles_col: 'smiles', labels_col: 'lipophilic', mode: 'classification' });
    expect(withLabelColumn(start, table, 'name')).toEqual({ smiles_col: 'smiles', labels_col: 'name', mode: 'regression' });
  });

  it('keys the table by the chosen source only', () => {
    const file = new File(['a'], 'train.csv', { lastModified: 5 });
    const dc = { id: 7 } as never;
    expect(tableKey('file', { uploads: [file], dataCenter: [dc] })).toBe('upload:train.csv:1:5');
    expect(tableKey('cos', { uploads: [file], dataCenter: [dc] })).toBe('cos:7');
    expect(tableKey('cos', { uploads: [file], dataCenter: [] })).toBeNull();
  });

  it('sends what the schema accepts, the chosen mode’s algorithms as repeated fields', () => {
    const params = buildParams(state({ name: '  my model ' }));
    expect(params).toMatchObject({ mode: 'regression', algorithms: ['XGBRegressor', 'RandomForestRegressor'], trials: '2', name: 'my model' });
    expect(paramsProblem(qsartunaForm, params, false)).toBeNull();
    const body = new FormData();
    appendParams(body, params);
    expect(body.getAll('algorithms')).toEqual(['XGBRegressor', 'RandomForestRegressor']);
    expect(body.get('time_budget')).toBe('1');
    expect(buildParams(state()).name).toBeUndefined();
  });

  it('leaves missing choices empty so the schema names them in Chinese', () => {
    expect(paramsProblem(qsartunaForm, buildParams(state({ choice: NO_CHOICE })), false)).toBe('请选择建模类型（回归或分类）！');
    expect(paramsProblem(qsartunaForm, buildParams(state({ choice: { ...proposedChoice(table), smiles_col: null } })), false)).toBe('请选择 SMILES 列！');
    expect(paramsProblem(qsartunaForm, buildParams(state({ descriptors: [] })), false)).toBe('请至少选择一种描述符！');
    expect(paramsProblem(qsartunaForm, buildParams(state({ trials: null })), false)).toBe('搜索次数须为 1–200 的整数！');
    expect(paramsProblem(qsartunaForm, buildParams(state({ choice: { ...proposedChoice(table), labels_col: 'smiles' } })), false)).toBe('SMILES 列与标签列不能相同！');
  });
});
