/**
 * The re-scorer's input: one fixed-order numeric vector per candidate pocket. It holds the
 * detector's own descriptors plus simple residue/atom-environment counts around the pocket
 * and the pocket's standing among the other pockets of the same protein (the learned ranking
 * compares pockets within a protein, so relative size and geometric rank carry most signal).
 * No conservation or sequence input: the browser worker sees only the PDB text.
 *
 * The order of FEATURE_NAMES is the model's column order; changing a feature needs a retrained
 * model (python/yunyao/pocket/train.py), and rank.ts refuses a model with other names.
 */
import type { UnrankedPocket } from './pocket.ts';
import type { CellList } from './grid.ts';
import type { ProteinAtoms } from './pdb.ts';

/** A pocket's descriptors with the protein atoms that line it (contact atoms of its spheres). */
export interface PocketCandidate {
  descriptors: UnrankedPocket;
  liningAtoms: readonly number[];
}

const DESCRIPTOR_FEATURES = [
  'Alpha Spheres', 'geometricScore', 'Druggability', 'volume', 'totalSasa', 'polarSasa', 'apolarSasa', 'hydrophobicDensity',
  'meanSphereRadius', 'meanSphereSolventAccess', 'apolarSphereProportion', 'hydrophobicityScore', 'volumeScore', 'polarityScore',
  'chargeScore', 'proportionPolarAtoms', 'alphaSphereDensity', 'maxDistance', 'flexibility',
] as const satisfies readonly (keyof UnrankedPocket)[];

/** Residue groups whose share among the lining residues is a feature. */
const RESIDUE_GROUPS = {
  aromaticResidues: ['PHE', 'TYR', 'TRP', 'HIS'],
  aliphaticResidues: ['ALA', 'VAL', 'LEU', 'ILE', 'MET', 'MSE', 'PRO'],
  glycineResidues: ['GLY'],
  positiveResidues: ['LYS', 'ARG'],
  negativeResidues: ['ASP', 'GLU'],
  polarNeutralResidues: ['SER', 'THR', 'ASN', 'GLN', 'CYS'],
} as const;

const AROMATIC_RING_ATOMS: Record<string, ReadonlySet<string>> = {
  PHE: new Set(['CG', 'CD1', 'CD2', 'CE1', 'CE2', 'CZ']),
  TYR: new Set(['CG', 'CD1', 'CD2', 'CE1', 'CE2', 'CZ']),
  TRP: new Set(['CG', 'CD1', 'CD2', 'NE1', 'CE2', 'CE3', 'CZ2', 'CZ3', 'CH2']),
  HIS: new Set(['CG', 'ND1', 'CD2', 'CE1', 'NE2']),
};
const BACKBONE_ATOMS = new Set(['N', 'CA', 'C', 'O', 'OXT']);

/** Radii (Å) of the protrusion counts: protein atoms around the pocket centre (P2Rank uses 10 Å). */
const PROTRUSION_RADII = [6, 10] as const;

/** Radius (Å) of the atom environment around the pocket centre, about a ligand's reach from it. */
const ENVIRONMENT_RADIUS = 8;
/** Side-chain atoms that carry a charge at pH 7 (Lys, Arg, Asp, Glu). */
const CHARGED_ATOMS: Record<string, ReadonlySet<string>> = {
  LYS: new Set(['NZ']),
  ARG: new Set(['NE', 'NH1', 'NH2']),
  ASP: new Set(['OD1', 'OD2']),
  GLU: new Set(['OE1', 'OE2']),
};

export const FEATURE_NAMES: readonly string[] = [
  ...DESCRIPTOR_FEATURES,
  'maxBuriedness',
  'deepSphereFraction',
  'liningResidues',
  'liningAtoms',
  ...Object.keys(RESIDUE_GROUPS),
  'backboneAtomFraction',
  'aromaticAtomFraction',
  'sideChainCarbonFraction',
  ...PROTRUSION_RADII.map((r) => `atomsWithin${r}`),
  'centreDepth',
  'buriednessMedian',
  'buriednessLowerQuartile',
  'liningBfactorZ',
  'polarAtomShareNear',
  'aromaticAtomShareNear',
  'chargedAtomShareNear',
  'geometricRank',
  'relativeGeometricScore',
  'sphereShare',
  'pocketCount',
  'proteinAtoms',
];

/** Spheres at least this buried count as deep (fraction of rays blocked). */
const DEEP_BURIEDNESS = 0.8;

function residueAndAtomFeatures(p: ProteinAtoms, lining: readonly number[]): number[] {
  const residues = new Set<number>();
  let backbone = 0, aromatic = 0, sideChainCarbon = 0;
  for (const a of lining) {
    residues.add(p.residueIndex[a]!);
    const name = p.atomName[a]!;
    const resname = p.residues[p.residueIndex[a]!]!.resname;
    if (BACKBONE_ATOMS.has(name)) backbone++;
    else if (p.element[a] === 'C') sideChainCarbon++;
    if (AROMATIC_RING_ATOMS[resname]?.has(name)) aromatic++;
  }
  const names = [...residues].map((r) => p.residues[r]!.resname);
  const share = (group: readonly string[]): number => (names.length ? names.filter((n) => group.includes(n)).length / names.length : 0);
  const atoms = Math.max(lining.length, 1);
  return [
    names.length,
    lining.length,
    ...Object.values(RESIDUE_GROUPS).map(share),
    backbone / atoms,
    aromatic / atoms,
    sideChainCarbon / atoms,
  ];
}

/** Shares of polar (N, O), aromatic-ring and charged atoms among the protein atoms near the pocket centre. */
function environmentShares(p: ProteinAtoms, atoms: CellList, center: readonly [number, number, number]): number[] {
  let all = 0, polar = 0, aromatic = 0, charged = 0;
  atoms.forEachWithin(center[0], center[1], center[2], ENVIRONMENT_RADIUS, (a) => {
    const name = p.atomName[a]!;
    const resname = p.residues[p.residueIndex[a]!]!.resname;
    all++;
    if (p.element[a] === 'N' || p.element[a] === 'O') polar++;
    if (AROMATIC_RING_ATOMS[resname]?.has(name)) aromatic++;
    if (CHARGED_ATOMS[resname]?.has(name)) charged++;
  });
  return [polar, aromatic, charged].map((n) => n / Math.max(all, 1));
}

/** Value at quantile q of already sorted numbers (nearest rank). */
const sortedQuantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Mean and standard deviation of the protein's B-factors, to express a pocket's mobility in the protein's own units. */
function bfactorStats(p: ProteinAtoms): { mean: number; sd: number } {
  let sum = 0, squares = 0;
  for (let i = 0; i < p.n; i++) {
    sum += p.bfactor[i]!;
    squares += p.bfactor[i]! ** 2;
  }
  const mean = sum / p.n;
  return { mean, sd: Math.sqrt(Math.max(squares / p.n - mean * mean, 0)) };
}

/** Lining atoms' mean B-factor as a z-score within the protein (0 when the file has no B-factors). */
function liningBfactorZ(p: ProteinAtoms, lining: readonly number[], stats: { mean: number; sd: number }): number {
  if (stats.sd < 1e-6 || !lining.length) return 0;
  return (lining.reduce((s, a) => s + p.bfactor[a]!, 0) / lining.length - stats.mean) / stats.sd;
}

/** Protein centroid and radius of gyration, for how deep in the protein a pocket centre lies. */
function proteinShape(p: ProteinAtoms): { centroid: [number, number, number]; gyration: number } {
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < p.n; i++) {
    cx += p.coords[3 * i]!;
    cy += p.coords[3 * i + 1]!;
    cz += p.coords[3 * i + 2]!;
  }
  cx /= p.n;
  cy /= p.n;
  cz /= p.n;
  let s = 0;
  for (let i = 0; i < p.n; i++) s += (p.coords[3 * i]! - cx) ** 2 + (p.coords[3 * i + 1]! - cy) ** 2 + (p.coords[3 * i + 2]! - cz) ** 2;
  return { centroid: [cx, cy, cz], gyration: Math.sqrt(s / p.n) };
}

/** Feature vectors (FEATURE_NAMES order) of all candidate pockets of one protein. */
export function pocketFeatures(p: ProteinAtoms, atoms: CellList, candidates: readonly PocketCandidate[]): number[][] {
  const { centroid, gyration } = proteinShape(p);
  const bfactors = bfactorStats(p);
  const scores = candidates.map((c) => c.descriptors.geometricScore);
  const maxScore = Math.max(...scores, Number.MIN_VALUE);
  const totalSpheres = candidates.reduce((s, c) => s + c.descriptors['Alpha Spheres'], 0);
  return candidates.map(({ descriptors: d, liningAtoms }) => {
    const buried = d.spheres.map((s) => s.buriedness).sort((a, b) => a - b);
    const protrusion = PROTRUSION_RADII.map((r) => {
      let n = 0;
      atoms.forEachWithin(d.center[0], d.center[1], d.center[2], r, () => {
        n++;
      });
      return n;
    });
    const depth = Math.hypot(d.center[0] - centroid[0], d.center[1] - centroid[1], d.center[2] - centroid[2]) / Math.max(gyration, 1e-9);
    return [
      ...DESCRIPTOR_FEATURES.map((k) => d[k]),
      buried[buried.length - 1]!,
      buried.filter((b) => b >= DEEP_BURIEDNESS).length / buried.length,
      ...residueAndAtomFeatures(p, liningAtoms),
      ...protrusion,
      depth,
      sortedQuantile(buried, 0.5),
      sortedQuantile(buried, 0.25),
      liningBfactorZ(p, liningAtoms, bfactors),
      ...environmentShares(p, atoms, d.center),
      1 + scores.filter((s) => s > d.geometricScore).length,
      d.geometricScore / maxScore,
      d['Alpha Spheres'] / totalSpheres,
      candidates.length,
      p.n,
    ];
  });
}
