/**
 * Geometric pocket detection in the fpocket tradition (Le Guilloux, Schmidtke &
 * Tuffery, BMC Bioinformatics 10:168, 2009), written from scratch in TypeScript.
 * No Node APIs: runs in Node and in a browser Web Worker.
 *
 * Pipeline
 * 1. Protein heavy atoms only (see pdb.ts): ligands, waters, ions never count.
 * 2. 3D Delaunay tessellation of the atoms (delaunay.ts). Every tetrahedron gives an
 *    alpha sphere: its circumsphere, which touches 4 atom centres and holds no atom
 *    centre. Keep spheres with minRadius ≤ r ≤ maxRadius (fpocket: 3.4–6.2 Å).
 * 3. Buriedness of each sphere centre: the fraction of 30 rays (golden-spiral
 *    directions, 1 Å steps up to 12 Å) that hit protein (an occupancy grid of
 *    1 Å cells within 2 Å of an atom centre). Spheres with buriedness below
 *    minBuriedness (0.5) are surface spheres and are dropped.
 * 4. Clustering: single linkage of sphere centres within clusterDistance (2.2 Å).
 *    minBuriedness and clusterDistance were chosen on the even-indexed half of the
 *    COACH420 benchmark subset only (see docs/models/pockets.md).
 * 5. Filters (browser fpocket constants): at least 15 spheres, at least 3 apolar
 *    spheres, apolar proportion ≥ ratio (0). A sphere is apolar when at least 3 of
 *    its 4 contact atoms are apolar (carbon or sulphur; fpocket -A 3).
 * 6. Descriptors and the re-scorer's feature vectors (features.ts); ranking is in rank.ts
 *    (a learned re-scorer, rescore.ts; the hand-set geometric score `scorePocket` is one of
 *    its inputs and the order without a model).
 */
import { delaunay3 } from './delaunay.ts';
import { pocketFeatures } from './features.ts';
import { CellList, mulberry32 } from './grid.ts';
import { PdbInputError, type ProteinAtoms } from './pdb.ts';
import { POCKET_RESCORER, type TreeEnsemble } from './rescore.ts';
import { isPolarAtom, Occupancy, sasaOf, vdw } from './surface.ts';
import type { PocketSphere, UnrankedPocket } from './pocket.ts';

export type { Pocket, PocketSphere, UnrankedPocket } from './pocket.ts';

export interface PocketOptions {
  /** Minimum alpha-sphere radius (Å), fpocket -m. */
  minRadius: number;
  /** Maximum alpha-sphere radius (Å), fpocket -M. */
  maxRadius: number;
  /** Minimum number of spheres per pocket (browser constant 15). */
  minSpheres: number;
  /** Minimum number of apolar spheres per pocket (browser constant 3). */
  minApolarSpheres: number;
  /** Minimum apolar sphere proportion per pocket (browser constant 0). */
  ratio: number;
  /** Monte Carlo points for the volume (browser constant 300). */
  volumeIterations: number;
  /** Single-linkage distance between sphere centres (Å). */
  clusterDistance: number;
  /** Spheres less buried than this (fraction of blocked rays) are dropped. */
  minBuriedness: number;
  /** PRNG seed (jitter of the tessellation, Monte Carlo volume). */
  seed: number;
  /** Keep at most this many pockets (after ranking); 0 = all. */
  maxPockets: number;
  /** Tree ensemble that ranks the pockets; null ranks by the geometric score alone. */
  rescorer: TreeEnsemble | null;
}

export const DEFAULT_OPTIONS: PocketOptions = {
  minRadius: 3.4,
  maxRadius: 6.2,
  minSpheres: 15,
  minApolarSpheres: 3,
  ratio: 0,
  volumeIterations: 300,
  clusterDistance: 2.2,
  minBuriedness: 0.5,
  seed: 42,
  maxPockets: 0,
  rescorer: POCKET_RESCORER,
};

const KYTE_DOOLITTLE: Record<string, number> = {
  ALA: 1.8, ARG: -4.5, ASN: -3.5, ASP: -3.5, CYS: 2.5, GLN: -3.5, GLU: -3.5, GLY: -0.4, HIS: -3.2, ILE: 4.5,
  LEU: 3.8, LYS: -3.9, MET: 1.9, PHE: 2.8, PRO: -1.6, SER: -0.8, THR: -0.7, TRP: -0.9, TYR: -1.3, VAL: 4.2, MSE: 1.9,
};
/** Zamyatnin (1972) residue volumes, Å³. */
const RES_VOLUME: Record<string, number> = {
  ALA: 88.6, ARG: 173.4, ASN: 114.1, ASP: 111.1, CYS: 108.5, GLN: 143.8, GLU: 138.4, GLY: 60.1, HIS: 153.2, ILE: 166.7,
  LEU: 166.7, LYS: 168.6, MET: 162.9, PHE: 189.9, PRO: 112.7, SER: 89.0, THR: 116.1, TRP: 227.8, TYR: 193.6, VAL: 140.0, MSE: 162.9,
};
const POLAR_RES = new Set(['SER', 'THR', 'ASN', 'GLN', 'TYR', 'CYS', 'HIS', 'LYS', 'ARG', 'ASP', 'GLU', 'SEP', 'TPO', 'PTR']);
const CHARGE: Record<string, number> = { LYS: 1, ARG: 1, ASP: -1, GLU: -1 };

interface SphereSet {
  n: number;
  xyz: Float64Array;
  radius: Float64Array;
  atoms: Int32Array;
  apolar: Uint8Array;
  buried: Float64Array;
}

/** Alpha spheres from the Delaunay tessellation, radius-filtered, with buriedness; surface spheres dropped. */
function alphaSpheres(p: ProteinAtoms, o: PocketOptions): SphereSet {
  const rnd = mulberry32(o.seed);
  const jittered = new Float64Array(p.coords.length);
  for (let i = 0; i < jittered.length; i++) jittered[i] = p.coords[i]! + (rnd() - 0.5) * 1e-3;
  const T = delaunay3(jittered, p.n);
  const occ = new Occupancy(p, 2.0);
  const xyz: number[] = [];
  const radius: number[] = [];
  const atoms: number[] = [];
  const apolar: number[] = [];
  const buried: number[] = [];
  const apolarAtom = new Uint8Array(p.n);
  for (let i = 0; i < p.n; i++) apolarAtom[i] = isPolarAtom(p.element[i]!) ? 0 : 1;
  for (let t = 0; t < T.count; t++) {
    const r = T.spheres[4 * t + 3]!;
    if (!(r >= o.minRadius && r <= o.maxRadius)) continue;
    const x = T.spheres[4 * t]!, y = T.spheres[4 * t + 1]!, z = T.spheres[4 * t + 2]!;
    const b = occ.buriedness(x, y, z, 12);
    if (b < o.minBuriedness) continue;
    xyz.push(x, y, z);
    radius.push(r);
    let nap = 0;
    for (let k = 0; k < 4; k++) {
      const a = T.tets[4 * t + k]!;
      atoms.push(a);
      nap += apolarAtom[a]!;
    }
    apolar.push(nap >= 3 ? 1 : 0);
    buried.push(b);
  }
  return {
    n: radius.length,
    xyz: Float64Array.from(xyz),
    radius: Float64Array.from(radius),
    atoms: Int32Array.from(atoms),
    apolar: Uint8Array.from(apolar),
    buried: Float64Array.from(buried),
  };
}

/** Single-linkage clusters of sphere centres (union–find over a cell list). */
function clusterSpheres(s: SphereSet, dist: number): number[][] {
  const parent = new Int32Array(s.n);
  for (let i = 0; i < s.n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const cl = new CellList(s.xyz, s.n, Math.max(dist, 1));
  for (let i = 0; i < s.n; i++) {
    cl.forEachWithin(s.xyz[3 * i]!, s.xyz[3 * i + 1]!, s.xyz[3 * i + 2]!, dist, (j) => {
      if (j <= i) return;
      const a = find(i), b = find(j);
      if (a !== b) parent[a] = b;
    });
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < s.n; i++) {
    const r = find(i);
    let g = groups.get(r);
    if (!g) groups.set(r, (g = []));
    g.push(i);
  }
  return [...groups.values()];
}

const round = (v: number, d = 3): number => {
  const f = 10 ** d;
  return Math.round(v * f) / f;
};

/**
 * Score (ranking; higher is better):
 *   Score = Σ_spheres buriedness² × (0.5 + apolarSphereProportion)
 * i.e. the number of spheres weighted by how enclosed each one is (squared, so that
 * deep clefts outrank shallow grooves of the same size), boosted by up to 3× for
 * apolar pockets (fpocket's scoring likewise rewards size, burial and hydrophobicity).
 */
export function scorePocket(spheres: PocketSphere[], apolarProportion: number): number {
  let s = 0;
  for (const sp of spheres) s += sp.buriedness * sp.buriedness;
  return s * (0.5 + apolarProportion);
}

/**
 * Druggability (0–1), a hand-set logistic (coefficients chosen by hand, not fitted):
 *   z = −4 + 3·apolarSphereProportion + 5·(meanBuriedness − 0.5)
 *       + 1.2·ln(1 + spheres / 20) + 0.1·hydrophobicDensity
 *   Druggability = 1 / (1 + e^(−z))
 * Large, enclosed, apolar pockets approach 1; small, open or polar ones approach 0.
 * It is an ordering heuristic, not a calibrated probability.
 */
export function druggability(spheres: number, apolarProportion: number, meanBuriedness: number, hydrophobicDensity: number): number {
  const z = -4 + 3 * apolarProportion + 5 * (meanBuriedness - 0.5) + 1.2 * Math.log(1 + spheres / 20) + 0.1 * hydrophobicDensity;
  return 1 / (1 + Math.exp(-z));
}

/** The pockets of a protein, unranked, with the re-scorer's feature vector of each (same order). */
export interface DescribedPockets {
  pockets: UnrankedPocket[];
  features: number[][];
}

/** Finds and describes the pockets of a protein without ranking them (the re-scorer's training data comes from here). */
export function describePockets(p: ProteinAtoms, options: Partial<PocketOptions> = {}): DescribedPockets {
  const o: PocketOptions = { ...DEFAULT_OPTIONS, ...options };
  if (p.n < 4) throw new PdbInputError('未找到蛋白质原子：文件中没有标准氨基酸残基的 ATOM 记录，无法检测口袋');
  const S = alphaSpheres(p, o);
  const clusters = clusterSpheres(S, o.clusterDistance);
  const atomCl = new CellList(p.coords, p.n, 4);
  let bmin = Infinity, bmax = -Infinity;
  for (let i = 0; i < p.n; i++) {
    bmin = Math.min(bmin, p.bfactor[i]!);
    bmax = Math.max(bmax, p.bfactor[i]!);
  }
  const rnd = mulberry32(o.seed ^ 0x9e3779b9);
  const drafts: UnrankedPocket[] = [];
  const linings: number[][] = [];
  for (const members of clusters) {
    if (members.length < o.minSpheres) continue;
    let nap = 0;
    for (const m of members) nap += S.apolar[m]!;
    if (nap < o.minApolarSpheres || nap / members.length < o.ratio) continue;
    // Canonical order (by coordinates) so the output does not depend on tessellation order.
    members.sort((a, b) => S.xyz[3 * a]! - S.xyz[3 * b]! || S.xyz[3 * a + 1]! - S.xyz[3 * b + 1]! || S.xyz[3 * a + 2]! - S.xyz[3 * b + 2]!);
    const spheres: PocketSphere[] = members.map((m) => ({
      x: S.xyz[3 * m]!,
      y: S.xyz[3 * m + 1]!,
      z: S.xyz[3 * m + 2]!,
      radius: S.radius[m]!,
      apolar: S.apolar[m] === 1,
      buriedness: S.buried[m]!,
    }));
    const ns = spheres.length;
    let cx = 0, cy = 0, cz = 0, sumR = 0, sumB = 0;
    let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (const s of spheres) {
      cx += s.x; cy += s.y; cz += s.z; sumR += s.radius; sumB += s.buriedness;
      lo = [Math.min(lo[0]!, s.x), Math.min(lo[1]!, s.y), Math.min(lo[2]!, s.z)];
      hi = [Math.max(hi[0]!, s.x), Math.max(hi[1]!, s.y), Math.max(hi[2]!, s.z)];
    }
    cx /= ns; cy /= ns; cz /= ns;
    const apolarProportion = nap / ns;
    // Lining atoms and residues.
    const atomSet = new Set<number>();
    for (const m of members) for (let k = 0; k < 4; k++) atomSet.add(S.atoms[4 * m + k]!);
    const lining = [...atomSet].sort((a, b) => a - b);
    const resSet = new Set<number>();
    let polarAtoms = 0, sumBn = 0;
    for (const a of lining) {
      resSet.add(p.residueIndex[a]!);
      if (isPolarAtom(p.element[a]!)) polarAtoms++;
      sumBn += bmax > bmin ? (p.bfactor[a]! - bmin) / (bmax - bmin) : 0;
    }
    const resList = [...resSet].map((r) => p.residues[r]!);
    let hyd = 0, vol = 0, polarRes = 0, charge = 0;
    for (const r of resList) {
      hyd += KYTE_DOOLITTLE[r.resname] ?? 0;
      vol += (RES_VOLUME[r.resname] ?? 140) / 100;
      if (POLAR_RES.has(r.resname)) polarRes++;
      charge += CHARGE[r.resname] ?? 0;
    }
    const residues = resList.map((r) => `${r.chain}:${r.resname}:${r.resnum}`).sort();
    // SASA of the lining atoms.
    const sasa = sasaOf(p, lining, atomCl);
    let total = 0, polar = 0;
    for (let i = 0; i < lining.length; i++) {
      total += sasa[i]!;
      if (isPolarAtom(p.element[lining[i]!]!)) polar += sasa[i]!;
    }
    // Monte Carlo volume: union of alpha spheres minus atom vdW spheres.
    let vlo = [Infinity, Infinity, Infinity], vhi = [-Infinity, -Infinity, -Infinity];
    for (const s of spheres) {
      vlo = [Math.min(vlo[0]!, s.x - s.radius), Math.min(vlo[1]!, s.y - s.radius), Math.min(vlo[2]!, s.z - s.radius)];
      vhi = [Math.max(vhi[0]!, s.x + s.radius), Math.max(vhi[1]!, s.y + s.radius), Math.max(vhi[2]!, s.z + s.radius)];
    }
    const sphCl = new CellList(Float64Array.from(spheres.flatMap((s) => [s.x, s.y, s.z])), ns, 6.2);
    let inside = 0;
    for (let it = 0; it < o.volumeIterations; it++) {
      const x = vlo[0]! + rnd() * (vhi[0]! - vlo[0]!);
      const y = vlo[1]! + rnd() * (vhi[1]! - vlo[1]!);
      const z = vlo[2]! + rnd() * (vhi[2]! - vlo[2]!);
      let inSph = false;
      sphCl.forEachWithin(x, y, z, o.maxRadius, (j, d2) => {
        const r = spheres[j]!.radius;
        if (d2 < r * r) return (inSph = true);
        return false;
      });
      if (!inSph) continue;
      let inAtom = false;
      atomCl.forEachWithin(x, y, z, 1.9, (a, d2) => {
        const r = vdw(p.element[a]!);
        if (d2 < r * r) return (inAtom = true);
        return false;
      });
      if (!inAtom) inside++;
    }
    const boxVol = (vhi[0]! - vlo[0]!) * (vhi[1]! - vlo[1]!) * (vhi[2]! - vlo[2]!);
    const volume = o.volumeIterations > 0 ? (boxVol * inside) / o.volumeIterations : 0;
    // Hydrophobic density, pairwise distances.
    let hdSum = 0, nAp = 0, pairSum = 0, pairN = 0, maxD2 = 0;
    for (let i = 0; i < ns; i++) {
      const a = spheres[i]!;
      let neighAp = 0;
      for (let j = 0; j < ns; j++) {
        if (i === j) continue;
        const b = spheres[j]!;
        const d2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;
        if (j > i) {
          pairSum += Math.sqrt(d2);
          pairN++;
          if (d2 > maxD2) maxD2 = d2;
        }
        if (a.apolar && b.apolar && d2 < a.radius * a.radius) neighAp++;
      }
      if (a.apolar) {
        hdSum += neighAp;
        nAp++;
      }
    }
    const hydrophobicDensity = nAp ? hdSum / nAp : 0;
    const meanB = sumB / ns;
    linings.push(lining);
    drafts.push({
      geometricScore: round(scorePocket(spheres, apolarProportion), 3),
      Druggability: round(druggability(ns, apolarProportion, meanB, hydrophobicDensity), 3),
      'Alpha Spheres': ns,
      center: [round(cx), round(cy), round(cz)],
      box: {
        center: [round((lo[0]! + hi[0]!) / 2), round((lo[1]! + hi[1]!) / 2), round((lo[2]! + hi[2]!) / 2)],
        size: [round(hi[0]! - lo[0]!), round(hi[1]! - lo[1]!), round(hi[2]! - lo[2]!)],
      },
      residues,
      totalSasa: round(total, 2),
      polarSasa: round(polar, 2),
      apolarSasa: round(total - polar, 2),
      volume: round(volume, 1),
      hydrophobicDensity: round(hydrophobicDensity),
      meanSphereRadius: round(sumR / ns),
      meanSphereSolventAccess: round(1 - meanB),
      apolarSphereProportion: round(apolarProportion),
      hydrophobicityScore: round(resList.length ? hyd / resList.length : 0),
      volumeScore: round(resList.length ? vol / resList.length : 0),
      polarityScore: polarRes,
      chargeScore: charge,
      proportionPolarAtoms: round(lining.length ? (100 * polarAtoms) / lining.length : 0, 2),
      alphaSphereDensity: round(pairN ? pairSum / pairN : 0),
      maxDistance: round(Math.sqrt(maxD2)),
      flexibility: round(lining.length ? sumBn / lining.length : 0),
      spheres: spheres.map((s) => ({ ...s, x: round(s.x), y: round(s.y), z: round(s.z), radius: round(s.radius), buriedness: round(s.buriedness) })),
    });
  }
  const features = pocketFeatures(p, atomCl, drafts.map((descriptors, i) => ({ descriptors, liningAtoms: linings[i]! })));
  return { pockets: drafts, features };
}
