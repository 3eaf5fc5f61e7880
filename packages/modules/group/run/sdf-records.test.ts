import { describe, expect, it } from 'vitest';
import { sdfCoordinates, sdfRecords, sdfTag, sdfText, withTitle } from './sdf-records.ts';

// Two poses as RDKit's SDWriter writes them for a docking step (trimmed to two atoms each).
const POSES = `site1_phenol
     RDKit          3D

  2  1  0  0  0  0  0  0  0  0999 V2000
    1.0000    2.0000    3.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
   -1.5000    0.5000   10.2500 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
M  END
>  <ID>  (1) 
site1_phenol

>  <rank>  (1) 
1

$$$$
site1_phenol
     RDKit          3D

  1  0  0  0  0  0  0  0  0  0999 V2000
    4.0000    5.0000    6.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
M  END
>  <ID>  (2) 
site1_phenol

>  <rank>  (2) 
2

$$$$
`;

describe('the workflow’s SDF reading', () => {
  it('splits records and reads their data items', () => {
    const records = sdfRecords(POSES);
    expect(records).toHaveLength(2);
    expect(records.map((r) => sdfTag(r, 'rank'))).toEqual(['1', '2']);
    expect(sdfTag(records[0]!, 'ID')).toBe('site1_phenol');
    expect(sdfTag(records[0]!, 'score')).toBeUndefined();
  });

  it('renames a record and writes it back as SDF', () => {
    const [first] = sdfRecords(POSES);
    const renamed = withTitle(first!, 'phenol');
    const text = sdfText([renamed]);
    expect(text.split('\n')[0]).toBe('phenol');
    expect(text.trimEnd().endsWith('$$$$')).toBe(true);
    expect(sdfRecords(text)).toHaveLength(1);
  });

  it('reads the atom coordinates from the counts line', () => {
    expect(sdfCoordinates(sdfRecords(POSES)[0]!)).toEqual([
      [1, 2, 3],
      [-1.5, 0.5, 10.25],
    ]);
  });
});
