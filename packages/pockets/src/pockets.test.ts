import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test-fixtures/fixtures.ts';
import { delaunay3, detectPockets, parsePdb, pocketsToPqr, type Pocket } from './index.ts';

// From Debian's rdkit-data package, which scripts/debian-packages.txt installs with the engines.
const RDKIT = '/usr/share/RDKit/Contrib/CalcLigRMSD/data';
const AURKA = `${RDKIT}/aurka_protein_2c6e.pdb`;
const AURKA_LIG = `${RDKIT}/lig_crystal_aligned.pdb`;
const ENTRY = (id: string): string => readFileSync(fixturePath('pdb', `${id}.pdb`), 'utf8');

function pdbAtoms(text: string): [number, number, number][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('HETATM') || l.startsWith('ATOM'))
    .map((l) => [Number(l.slice(30, 38)), Number(l.slice(38, 46)), Number(l.slice(46, 54))]);
}

/** Heavy atoms of every hetero group named `resname` in the entry (all copies), from its HETATM records. */
function hetHeavyAtoms(text: string, resname: string): [number, number, number][] {
  const lines = text.split('\n').filter((l) => l.startsWith('HETATM') && l.slice(17, 20).trim() === resname && l.slice(76, 78).trim() !== 'H');
  return pdbAtoms(lines.join('\n'));
}

/** 1-based rank of the first pocket whose centre is within 4 Å of a ligand atom (DCA), or 0. */
function dcaRank(pockets: Pocket[], ligand: [number, number, number][]): number {
  const i = pockets.findIndex((p) => ligand.some((a) => Math.hypot(a[0] - p.center[0], a[1] - p.center[1], a[2] - p.center[2]) <= 4));
  return i + 1;
}

/** A synthetic "protein": a jittered lattice of ALA atoms around a closed cavity (fast unit test). */
function syntheticPdb(): string {
  const lines: string[] = [];
  let serial = 1;
  let seed = 11;
  const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
  for (let i = -5; i <= 5; i++)
    for (let j = -5; j <= 5; j++)
      for (let k = -5; k <= 5; k++) {
        if (Math.max(Math.abs(i), Math.abs(j), Math.abs(k)) < 3) continue; // central cavity
        const polar = serial % 5 === 0;
        const name = polar ? ' O  ' : ' CB ';
        const x = i * 1.9 + 0.6 * rnd(), y = j * 1.9 + 0.6 * rnd(), z = k * 1.9 + 0.6 * rnd();
        const res = 1 + Math.floor(serial / 5);
        lines.push(`ATOM  ${String(serial).padStart(5)} ${name} ALA A${String(res).padStart(4)}    ${x.toFixed(3).padStart(8)}${y.toFixed(3).padStart(8)}${z.toFixed(3).padStart(8)}  1.00 20.00           ${polar ? 'O' : 'C'}`);
        serial++;
      }
  return lines.join('\n') + '\nEND\n';
}

describe('delaunay3', () => {
  it('gives an empty-circumsphere tessellation of random points', () => {
    let s = 7;
    const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
    const n = 300;
    const p = new Float64Array(n * 3).map(() => rnd() * 20);
    const T = delaunay3(p, n);
    let violations = 0;
    expect(T.count).toBeGreaterThan(n);
    for (let t = 0; t < T.count; t++) {
      const [cx, cy, cz, r] = [T.spheres[4 * t]!, T.spheres[4 * t + 1]!, T.spheres[4 * t + 2]!, T.spheres[4 * t + 3]!];
      for (let i = 0; i < n; i++) {
        const d = Math.hypot(p[3 * i]! - cx, p[3 * i + 1]! - cy, p[3 * i + 2]! - cz);
        if (d < r - 1e-6) violations++;
      }
    }
    expect(violations).toBe(0);
  }, 30_000);
});

describe('parsePdb', () => {
  it('names the broken line in a Chinese error message', () => {
    const good = 'ATOM      1  CA  ALA A   1      11.104   6.134  -6.504  1.00  0.00           C';
    const bad = 'ATOM      2  CB  ALA A   1      11.1x4   6.134  -6.504  1.00  0.00           C';
    expect(() => parsePdb(['HEADER    TEST', good, bad].join('\n'))).toThrow(/第 3 行无法解析/);
    expect(() => parsePdb(['REMARK', 'REMARK', 'ATOM      1  CA  ALA A   1      11.104'].join('\n'))).toThrow(/第 3 行无法解析/);
  });

  it('rejects input without protein atoms', () => {
    const water = 'HETATM    1  O   HOH A 101      11.104   6.134  -6.504  1.00  0.00           O';
    const lig = 'HETATM    2  C1  LIG A 201      12.104   6.134  -6.504  1.00  0.00           C';
    expect(() => detectPockets([water, lig].join('\n'))).toThrow(/未找到蛋白质原子/);
    expect(() => detectPockets('')).toThrow(/未找到蛋白质原子/);
  });

  it('keeps the first model and blank or first alt-locs, drops hydrogens and ligands', () => {
    const l = (serial: number, name: string, alt: string, res: string, x: number, el: string, rec = 'ATOM  '): string =>
      `${rec}${String(serial).padStart(5)} ${name.padEnd(4)}${alt}${res} A   1    ${x.toFixed(3).padStart(8)}   0.000   0.000  1.00 10.00          ${el.padStart(2)}`;
    const text = [
      'MODEL        1',
      l(1, ' CA', ' ', 'SER', 1, 'C'),
      l(2, ' OG', 'A', 'SER', 2, 'O'),
      l(3, ' OG', 'B', 'SER', 3, 'O'),
      l(4, ' HA', ' ', 'SER', 4, 'H'),
      l(5, ' C1', ' ', 'LIG', 5, 'C', 'HETATM'),
      'ENDMDL',
      'MODEL        2',
      l(6, ' CA', ' ', 'SER', 9, 'C'),
      'ENDMDL',
    ].join('\n');
    const { protein, hetero } = parsePdb(text);
    expect(protein.n).toBe(2);
    expect([protein.coords[0], protein.coords[3]]).toEqual([1, 2]);
    expect(hetero.map((h) => h.resname)).toEqual(['LIG']);
  });
});

describe('detectPockets on a synthetic cavity', () => {
  it('finds the cavity, with sane fields, deterministically', () => {
    const text = syntheticPdb();
    const a = detectPockets(text);
    const b = detectPockets(text);
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(0);
    expect(Math.hypot(...a[0]!.center)).toBeLessThan(4);
  }, 30_000);
});

describe('Aurora A kinase (2c6e, RDKit data)', () => {
  const text = readFileSync(AURKA, 'utf8');
  const pockets = detectPockets(text);

  it('ranks the ATP site in the top 3 (DCA ≤ 4 Å)', () => {
    const lig = pdbAtoms(readFileSync(AURKA_LIG, 'utf8'));
    const rank = dcaRank(pockets, lig);
    expect(rank).toBeGreaterThan(0);
    expect(rank).toBeLessThanOrEqual(3);
  });

  it('gives pockets with all fields present and sane', () => {
    expect(pockets.length).toBeGreaterThan(2);
    pockets.forEach((p, i) => {
      expect(p.id).toBe(i + 1);
      expect(p.name).toBe(`pocket${i + 1}`);
      if (i > 0) expect(p.Score).toBeLessThanOrEqual(pockets[i - 1]!.Score);
      expect(p.Druggability).toBeGreaterThanOrEqual(0);
      expect(p.Druggability).toBeLessThanOrEqual(1);
      expect(p['Alpha Spheres']).toBeGreaterThanOrEqual(15);
      expect(p.spheres.length).toBe(p['Alpha Spheres']);
      expect(p.spheres.filter((s) => s.apolar).length).toBeGreaterThanOrEqual(3);
      expect(p.residues.length).toBeGreaterThan(0);
      expect([...p.residues].sort()).toEqual(p.residues);
      expect(p.center).toHaveLength(3);
      expect(p.box.size.every((v) => v >= 0)).toBe(true);
      expect(p.volume).toBeGreaterThan(0);
      expect(p.totalSasa).toBeCloseTo(p.polarSasa + p.apolarSasa, 1);
      expect(p.apolarSphereProportion).toBeGreaterThanOrEqual(0);
      expect(p.apolarSphereProportion).toBeLessThanOrEqual(1);
      expect(p.meanSphereRadius).toBeGreaterThanOrEqual(3.4);
      expect(p.meanSphereRadius).toBeLessThanOrEqual(6.2);
      expect(p.meanSphereSolventAccess).toBeGreaterThanOrEqual(0);
      expect(p.meanSphereSolventAccess).toBeLessThanOrEqual(0.5);
      expect(p.proportionPolarAtoms).toBeGreaterThanOrEqual(0);
      expect(p.proportionPolarAtoms).toBeLessThanOrEqual(100);
      expect(p.maxDistance).toBeGreaterThan(0);
      expect(p.flexibility).toBeGreaterThanOrEqual(0);
      expect(p.flexibility).toBeLessThanOrEqual(1);
      for (const k of ['hydrophobicDensity', 'hydrophobicityScore', 'volumeScore', 'polarityScore', 'chargeScore', 'alphaSphereDensity'] as const) {
        expect(Number.isFinite(p[k])).toBe(true);
      }
    });
  });

  it('is deterministic', () => {
    expect(detectPockets(text)).toEqual(pockets);
   }, 30_000);

  it('is not changed by a ligand and waters added as HETATM records', () => {
    const lig = readFileSync(AURKA_LIG, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('HETATM'));
    const water = 'HETATM 9999  O   HOH W   1       3.000  11.000  32.000  1.00 20.00           O';
    const body = text.split('\n').filter((l) => !l.startsWith('END'));
    const withHet = [...body, ...lig, water, 'END'].join('\n');
    expect(detectPockets(withHet)).toEqual(pockets);
  }, 30_000);

  it('writes the spheres as PQR-style PDB text', () => {
    const pqr = pocketsToPqr(pockets.slice(0, 2));
    const atoms = pqr.split('\n').filter((l) => l.startsWith('ATOM'));
    expect(atoms.length).toBe(pockets[0]!['Alpha Spheres'] + pockets[1]!['Alpha Spheres']);
    const first = atoms[0]!;
    expect(first.slice(17, 20)).toBe('STP');
    expect(Number(first.slice(22, 26))).toBe(1);
    expect(Number(first.slice(30, 38))).toBeCloseTo(pockets[0]!.spheres[0]!.x, 3);
    expect(Number(first.slice(60, 66))).toBeCloseTo(pockets[0]!.spheres[0]!.radius, 2);
  });
});

describe('5dpv with its hetero groups (two ligands and waters)', () => {
  const text = ENTRY('5dpv');

  it('keeps the ligands apart from the protein and drops the waters', () => {
    const { protein, hetero } = parsePdb(text);
    expect(protein.n).toBeGreaterThan(2000);
    expect(new Set(hetero.map((h) => h.resname))).toEqual(new Set(['5DN', 'SKE']));
    expect(hetero).toHaveLength(21 + 27);
  });

  it('gives the same pockets with and without the HETATM lines', () => {
    const stripped = text
      .split('\n')
      .filter((l) => !l.startsWith('HETATM'))
      .join('\n');
    expect(stripped.length).toBeLessThan(text.length);
    expect(detectPockets(stripped)).toEqual(detectPockets(text));
  }, 30_000);
});

// Entries from Debian's rdkit-data, committed in test-fixtures/pdb (see README.md there); the
// ligand is the crystal one, read from the entry's own HETATM records (every copy of it).
describe('crystal ligand sites in the top 3 (DCA ≤ 4 Å)', () => {
  // Measured ranks (re-scorer of 2026-11-27, six physical features, family-grouped CV): 5dt0 SKE 1;
  // 5dpv 5DN (allosteric site) 2 (3 with the 2026-11-24 model); 6c83 ACP 2 (chain B's copy).
  // In 5dpv the ATP site holding SKE is not found at any rank, so it is not asserted.
  for (const [id, ligand] of [['5dt0', 'SKE'], ['5dpv', '5DN'], ['6c83', 'ACP']] as const) {
    it(`${id} ${ligand}`, () => {
      const text = ENTRY(id);
      const lig = hetHeavyAtoms(text, ligand);
      expect(lig.length).toBeGreaterThan(0);
      const rank = dcaRank(detectPockets(text), lig);
      expect(rank).toBeGreaterThan(0);
      expect(rank).toBeLessThanOrEqual(3);
    }, 30_000);
  }
});
