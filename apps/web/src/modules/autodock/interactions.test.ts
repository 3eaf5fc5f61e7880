import { describe, expect, it } from 'vitest';
import { analysisOf, groupByType, type InteractionsFile, type PoseInteraction } from './interactions.ts';

const contact = (type: PoseInteraction['type'], residue: string): PoseInteraction => ({
  type,
  residue,
  distance: 3.5,
  ligandAtoms: [1],
  detail: '',
  ligand: [0, 0, 0],
  protein: [1, 1, 1],
});

describe('pose interactions', () => {
  it('are grouped by type, hydrogen bonds first and hydrophobic contacts last', () => {
    const groups = groupByType([contact('hydrophobic', 'A:LEU83'), contact('hbond', 'A:ALA213'), contact('hydrophobic', 'A:VAL147')]);
    expect(groups.map(([type, list]) => [type, list.length])).toEqual([
      ['hbond', 1],
      ['hydrophobic', 2],
    ]);
  });

  it('are found by result row and pose rank', () => {
    const file: InteractionsFile = {
      summary: { engine: 'PLIP', version: '2.2.2', rowsAnalysed: 1, posesAnalysed: 2, failures: 0, secondsPerPose: 1 },
      poses: [
        { id: 'pocket1_a', rank: 1, contacts: [], interactions: [contact('hbond', 'A:ALA213')] },
        { id: 'pocket1_a', rank: 2, contacts: [], interactions: [] },
      ],
    };
    expect(analysisOf(file, 'pocket1_a', 1)?.interactions).toHaveLength(1);
    expect(analysisOf(file, 'pocket1_a', 3)).toBeUndefined();
    expect(analysisOf(null, 'pocket1_a', 1)).toBeUndefined();
  });
});
