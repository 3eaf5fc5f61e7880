/**
 * Atom-level geometry shared by the detector: van der Waals radii, the ray-cast buriedness grid
 * and Shrake–Rupley SASA. No Node APIs (runs in the browser worker too).
 */
import type { CellList } from './grid.ts';
import type { ProteinAtoms } from './pdb.ts';

const VDW: Record<string, number> = { C: 1.7, N: 1.55, O: 1.52, S: 1.8, SE: 1.9, P: 1.8 };
export const vdw = (el: string): number => VDW[el] ?? 1.8;
export const isPolarAtom = (el: string): boolean => el === 'N' || el === 'O';

/** Golden-spiral unit vectors. */
function sphereDirections(n: number): Float64Array {
  const d = new Float64Array(n * 3);
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const y = 1 - (2 * (i + 0.5)) / n;
    const r = Math.sqrt(1 - y * y);
    const t = golden * i;
    d[3 * i] = Math.cos(t) * r;
    d[3 * i + 1] = y;
    d[3 * i + 2] = Math.sin(t) * r;
  }
  return d;
}
const RAYS = sphereDirections(30);
const SASA_DIRS = sphereDirections(96);

/** Occupancy grid: 1 Å cells, occupied within `radius` of an atom centre. */
export class Occupancy {
  /** Grid corner (Å) and cell counts along x, y, z. */
  private readonly origin: [number, number, number];
  private readonly dims: [number, number, number];
  private readonly occ: Uint8Array;
  constructor(p: ProteinAtoms, radius: number) {
    let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
    const c = p.coords;
    for (let i = 0; i < p.n; i++) {
      minX = Math.min(minX, c[3 * i]!); maxX = Math.max(maxX, c[3 * i]!);
      minY = Math.min(minY, c[3 * i + 1]!); maxY = Math.max(maxY, c[3 * i + 1]!);
      minZ = Math.min(minZ, c[3 * i + 2]!); maxZ = Math.max(maxZ, c[3 * i + 2]!);
    }
    const pad = radius + 1;
    const ox = Math.floor(minX - pad), oy = Math.floor(minY - pad), oz = Math.floor(minZ - pad);
    const nx = Math.ceil(maxX + pad) - ox + 1, ny = Math.ceil(maxY + pad) - oy + 1, nz = Math.ceil(maxZ + pad) - oz + 1;
    this.origin = [ox, oy, oz];
    this.dims = [nx, ny, nz];
    this.occ = new Uint8Array(nx * ny * nz);
    const r2 = radius * radius;
    const R = Math.ceil(radius);
    for (let a = 0; a < p.n; a++) {
      const x = c[3 * a]! - ox, y = c[3 * a + 1]! - oy, z = c[3 * a + 2]! - oz;
      const ci = Math.round(x), cj = Math.round(y), ck = Math.round(z);
      for (let k = ck - R; k <= ck + R; k++) {
        const dz = k - z;
        for (let j = cj - R; j <= cj + R; j++) {
          const dy = j - y;
          const base = (k * ny + j) * nx;
          for (let i = ci - R; i <= ci + R; i++) {
            const dx = i - x;
            if (dx * dx + dy * dy + dz * dz <= r2) this.occ[base + i] = 1;
          }
        }
      }
    }
  }
  /** Fraction of rays from (x,y,z) that hit an occupied cell within maxLen Å. */
  buriedness(x: number, y: number, z: number, maxLen: number): number {
    const [ox, oy, oz] = this.origin;
    const [nx, ny, nz] = this.dims;
    let hits = 0;
    const nr = RAYS.length / 3;
    for (let r = 0; r < nr; r++) {
      const dx = RAYS[3 * r]!, dy = RAYS[3 * r + 1]!, dz = RAYS[3 * r + 2]!;
      for (let s = 1; s <= maxLen; s++) {
        const i = Math.round(x + dx * s - ox), j = Math.round(y + dy * s - oy), k = Math.round(z + dz * s - oz);
        if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) break;
        if (this.occ[(k * ny + j) * nx + i]) {
          hits++;
          break;
        }
      }
    }
    return hits / nr;
  }
}

/** Shrake–Rupley SASA of selected atoms against the whole protein (probe 1.4 Å, 96 points). */
export function sasaOf(p: ProteinAtoms, atoms: number[], cl: CellList): Float64Array {
  const out = new Float64Array(atoms.length);
  const probe = 1.4;
  const nd = SASA_DIRS.length / 3;
  for (let ai = 0; ai < atoms.length; ai++) {
    const a = atoms[ai]!;
    const ra = vdw(p.element[a]!) + probe;
    const ax = p.coords[3 * a]!, ay = p.coords[3 * a + 1]!, az = p.coords[3 * a + 2]!;
    const neigh: number[] = [];
    cl.forEachWithin(ax, ay, az, ra + 1.9 + probe, (j) => {
      if (j !== a) neigh.push(j);
    });
    let free = 0;
    for (let d = 0; d < nd; d++) {
      const px = ax + SASA_DIRS[3 * d]! * ra, py = ay + SASA_DIRS[3 * d + 1]! * ra, pz = az + SASA_DIRS[3 * d + 2]! * ra;
      let buried = false;
      for (const j of neigh) {
        const rj = vdw(p.element[j]!) + probe;
        const dx = p.coords[3 * j]! - px, dy = p.coords[3 * j + 1]! - py, dz = p.coords[3 * j + 2]! - pz;
        if (dx * dx + dy * dy + dz * dz < rj * rj) {
          buried = true;
          break;
        }
      }
      if (!buried) free++;
    }
    out[ai] = (4 * Math.PI * ra * ra * free) / nd;
  }
  return out;
}
