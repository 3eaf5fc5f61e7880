import { describe, expect, it } from 'vitest';
import { posesById } from './poses.ts';

const record = (id: string, rank: number, score: number) => `${id}
     RDKit          3D

  1  0  0  0  0  0  0  0  0  0999 V2000
    1.0000    2.0000    3.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
M  END
>  <ID>  (1) 
${id}

>  <pocket>  (1) 
${id.split('_')[0]}

>  <rank>  (1) 
${rank}

>  <score>  (1) 
${score.toFixed(3)}

$$$$
`;

describe('posesById', () => {
  it('groups the records by ID in rank order and keeps each block drawable', () => {
    const sdf = record('pocket1_mol_1', 2, -6.1) + record('pocket1_mol_2', 1, -7.3) + record('pocket1_mol_1', 1, -6.9);
    const poses = posesById(sdf);
    expect([...poses.keys()]).toEqual(['pocket1_mol_1', 'pocket1_mol_2']);
    const first = poses.get('pocket1_mol_1')!;
    expect(first.map((p) => [p.rank, p.score])).toEqual([
      [1, -6.9],
      [2, -6.1],
    ]);
    expect(first[0]!.pocket).toBe('pocket1');
    expect(first[0]!.molblock).toMatch(/^pocket1_mol_1\n[\s\S]*M {2}END[\s\S]*\$\$\$\$\n$/);
  });

  it('ignores empty input and records without an ID', () => {
    expect(posesById('').size).toBe(0);
    expect(posesById('x\n\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n$$$$\n').size).toBe(0);
  });
});
