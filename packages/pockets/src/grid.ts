/** Cell list (spatial hash on a regular grid) for fixed-radius neighbour queries. */
export class CellList {
  readonly cell: number;
  readonly ox: number;
  readonly oy: number;
  readonly oz: number;
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  /** Start offset of each cell in `items` (length cells + 1). */
  readonly start: Int32Array;
  readonly items: Int32Array;
  readonly xyz: Float64Array;

  /** `xyz` holds `stride` numbers per point, x,y,z first. */
  constructor(xyz: Float64Array, n: number, cell: number, stride = 3) {
    this.cell = cell;
    let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
    for (let i = 0; i < n; i++) {
      const x = xyz[stride * i]!, y = xyz[stride * i + 1]!, z = xyz[stride * i + 2]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (z < minZ) minZ = z;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
      if (z > maxZ) maxZ = z;
    }
    if (n === 0) minX = minY = minZ = maxX = maxY = maxZ = 0;
    this.ox = minX;
    this.oy = minY;
    this.oz = minZ;
    this.nx = Math.floor((maxX - minX) / cell) + 1;
    this.ny = Math.floor((maxY - minY) / cell) + 1;
    this.nz = Math.floor((maxZ - minZ) / cell) + 1;
    const ncell = this.nx * this.ny * this.nz;
    const counts = new Int32Array(ncell + 1);
    const cellOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const c = this.cellIndex(xyz[stride * i]!, xyz[stride * i + 1]!, xyz[stride * i + 2]!);
      cellOf[i] = c;
      counts[c + 1]!++;
    }
    for (let c = 0; c < ncell; c++) counts[c + 1] = counts[c + 1]! + counts[c]!;
    this.start = counts.slice();
    const fill = counts;
    const items = new Int32Array(n);
    for (let i = 0; i < n; i++) items[fill[cellOf[i]!]!++] = i;
    this.items = items;
    this.xyz = new Float64Array(n * 3);
    for (let i = 0; i < n; i++) {
      this.xyz[3 * i] = xyz[stride * i]!;
      this.xyz[3 * i + 1] = xyz[stride * i + 1]!;
      this.xyz[3 * i + 2] = xyz[stride * i + 2]!;
    }
  }

  private cellIndex(x: number, y: number, z: number): number {
    const i = Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.ox) / this.cell)));
    const j = Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.oy) / this.cell)));
    const k = Math.min(this.nz - 1, Math.max(0, Math.floor((z - this.oz) / this.cell)));
    return (k * this.ny + j) * this.nx + i;
  }

  /** Calls fn(index, squaredDistance) for every point within r of (x,y,z); stops early when fn returns true. */
  forEachWithin(x: number, y: number, z: number, r: number, fn: (i: number, d2: number) => boolean | void): void {
    const r2 = r * r;
    const i0 = Math.max(0, Math.floor((x - r - this.ox) / this.cell));
    const i1 = Math.min(this.nx - 1, Math.floor((x + r - this.ox) / this.cell));
    const j0 = Math.max(0, Math.floor((y - r - this.oy) / this.cell));
    const j1 = Math.min(this.ny - 1, Math.floor((y + r - this.oy) / this.cell));
    const k0 = Math.max(0, Math.floor((z - r - this.oz) / this.cell));
    const k1 = Math.min(this.nz - 1, Math.floor((z + r - this.oz) / this.cell));
    const P = this.xyz;
    for (let k = k0; k <= k1; k++) {
      for (let j = j0; j <= j1; j++) {
        const base = (k * this.ny + j) * this.nx;
        for (let i = i0; i <= i1; i++) {
          const c = base + i;
          const e = this.start[c + 1]!;
          for (let s = this.start[c]!; s < e; s++) {
            const p = this.items[s]!;
            const dx = P[3 * p]! - x, dy = P[3 * p + 1]! - y, dz = P[3 * p + 2]! - z;
            const d2 = dx * dx + dy * dy + dz * dz;
            if (d2 <= r2 && fn(p, d2) === true) return;
          }
        }
      }
    }
  }

  /** True when some point lies within r of (x,y,z). */
  anyWithin(x: number, y: number, z: number, r: number): boolean {
    let hit = false;
    this.forEachWithin(x, y, z, r, () => {
      hit = true;
      return true;
    });
    return hit;
  }
}

/** Small seeded PRNG (mulberry32): deterministic Monte Carlo and jitter. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
