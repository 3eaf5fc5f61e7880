import { describe, expect, it } from 'vitest';
import { pharmerHits, scoreBand } from './pharmer-result.ts';

describe('pharmacophore result rows', () => {
  it('rank the hits in the order the step wrote them and leave error rows unranked', () => {
    const hits = pharmerHits([
      { ID: 'a', SMILES: 'CCO', score: 0.81, pass: true, rmsd: 0.42, shape: 0.66, matched: 4, total: 4, features: ['F1', 'F2', 'F3', 'F4'] },
      { ID: 'b', SMILES: 'CCN', score: 0.55, pass: false, clash: true, rmsd: 0.9, shape: 0.4, matched: 2, total: 4, features: ['F1', 'F3'] },
      { ID: 'bad', SMILES: 'C1CC', error: '无法解析 SMILES' },
    ]);
    expect(hits.map((h) => [h.id, h.rank])).toEqual([['a', 1], ['b', 2], ['bad', null]]);
    expect(hits.map((h) => [h.pass, h.clash])).toEqual([[true, false], [false, true], [false, false]]);
    expect(hits[2]).toMatchObject({ score: null, features: [], error: '无法解析 SMILES' });
  });

  it('band the combined score into verdicts', () => {
    expect([0.92, 0.55, 0.54, 0.4, 0.2].map(scoreBand)).toEqual(['strong', 'strong', 'fair', 'fair', 'weak']);
  });
});
