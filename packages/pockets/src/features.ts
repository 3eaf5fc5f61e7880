/**
 * The re-scorer's input: one fixed-order numeric vector per candidate pocket. It holds the
 * detector's own descriptors plus simple residue/atom-environment counts around the pocket
 * and the pocket's standing among the other pockets of the same protein (the learned ranking
 * compares pockets within a protein, so relative size and geometric rank carry most signal).
 * No conservation or sequence input: the browser worker sees only the PDB text.
 *
 * The order of FEATURE_NAMES is the model's column order; changing a feature needs a retrained
 * model (python/yunyao/pockets_rescore/train.py), and rank.ts refuses a model with other names.
 */
import type { UnrankedPocket } from './detect.ts';
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
  const scores = candidates.map((c) => c.descriptors.geometricScore);
  const maxScore = Math.max(...scores, Number.MIN_VALUE);
  const totalSpheres = candidates.reduce((s, c) => s + c.descriptors['Alpha Spheres'], 0);
  return candidates.map(({ descriptors: d, liningAtoms }) => {
    const buried = d.spheres.map((s) => s.buriedness);
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
      Math.max(...buried),
      buried.filter((b) => b >= DEEP_BURIEDNESS).length / buried.length,
      ...residueAndAtomFeatures(p, liningAtoms),
      ...protrusion,
      depth,
      1 + scores.filter((s) => s > d.geometricScore).length,
      d.geometricScore / maxScore,
      d['Alpha Spheres'] / totalSpheres,
      candidates.length,
      p.n,
    ];
  });
}
