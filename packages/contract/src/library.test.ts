import { describe, expect, it } from 'vitest';
import { moleQuerySchema } from './library.ts';

const messages = (text: unknown) => {
  const res = moleQuerySchema.safeParse(text);
  return res.success ? [] : res.error.issues.map((i) => i.message);
};

describe('mole_query', () => {
  it('parses source, the ranges and limit with the pool page syntax', () => {
    expect(moleQuerySchema.parse('source=fda&tpsa=30,60&logp=-1.5,5&n_ring=2,3&n_rot=2,3&mw=150,500&hbd=0,5&hba=0,5&limit=100')).toEqual({
      source: 'fda',
      tpsa: [30, 60],
      logp: [-1.5, 5],
      n_ring: [2, 3],
      n_rot: [2, 3],
      mw: [150, 500],
      hbd: [0, 5],
      hba: [0, 5],
      limit: 100,
    });
    expect(moleQuerySchema.parse('?source=chembl&mw=%20100%2C%20200%20')).toMatchObject({ source: 'chembl', mw: [100, 200] });
  });

  it('leaves missing ranges unbounded and defaults source and limit', () => {
    expect(moleQuerySchema.parse('tpsa=&mw=100,200')).toEqual({ source: 'lead-like', tpsa: undefined, mw: [100, 200], limit: 2000 });
    expect(moleQuerySchema.parse('')).toMatchObject({ source: 'lead-like', limit: 2000 });
  });

  it('carries the metal and PAINS filters and the name search', () => {
    expect(moleQuerySchema.parse('source=fda&no_metal=true&no_pains=1&name=%20dopa%20')).toMatchObject({ no_metal: true, no_pains: true, name: 'dopa' });
    expect(moleQuerySchema.parse('no_metal=false&name=')).toMatchObject({ no_metal: false, name: undefined });
    expect(moleQuerySchema.parse('')).not.toHaveProperty('no_pains', true);
    expect(messages('no_pains=perhaps')).toEqual(['“排除 PAINS”只能是 true 或 false']);
  });

  it('answers the same messages as the count and filter queries', () => {
    expect(messages('tpsa=abc')).toEqual(['TPSA 范围格式错误，应为“最小值,最大值”，例如 30,60']);
    expect(messages('mw=500,100')).toEqual(['MW 范围的最小值不能大于最大值']);
    expect(messages('limit=2001')).toEqual(['保留结果数量不能超过 2000']);
    expect(messages('limit=0')).toEqual(['保留结果数量至少为 1']);
    expect(messages('limit=1.5')).toEqual(['保留结果数量必须是整数']);
    expect(messages('source=Bad Name')).toEqual(['数据库名称无效！']);
    expect(messages(42)).toEqual(['数据库筛选条件必须是查询字符串']);
  });
});
