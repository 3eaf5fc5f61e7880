/**
 * 3D Delaunay tessellation (Bowyer–Watson, incremental) for alpha-sphere
 * detection. Pure TypeScript on typed arrays; no Node APIs.
 *
 * - Points are inserted in Morton (Z-curve) order and located by a visibility
 *   walk from the last created tetrahedron, so insertion is close to O(1).
 * - The conflict region (tetrahedra whose circumsphere holds the new point) is
 *   grown breadth-first from the tetrahedron containing the point and re-filled
 *   by connecting its boundary faces to the point.
 * - Floating-point predicates; the caller adds a tiny seeded jitter to break
 *   co-spherical ties. A walk that fails to terminate falls back on a linear scan.
 */

export interface Tessellation {
  /** Vertex indices, 4 per tetrahedron, only tetrahedra whose vertices are all input points. */
  tets: Int32Array;
  /** Circumsphere centre x,y,z and radius, 4 per tetrahedron (same order as `tets`). */
  spheres: Float64Array;
  count: number;
}

export function delaunay3(input: Float64Array, n: number): Tessellation {
  const np = n + 4;
  const P = new Float64Array(np * 3);
  P.set(input.subarray(0, n * 3));
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = P[3 * i]!, y = P[3 * i + 1]!, z = P[3 * i + 2]!;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (z < minZ) minZ = z;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, cz = (minZ + maxZ) / 2;
  const L = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1) * 50;
  const sv = [
    [1, 1, 1],
    [1, -1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
  ];
  for (let k = 0; k < 4; k++) {
    const v = sv[k]!;
    P[3 * (n + k)] = cx + L * v[0]!;
    P[3 * (n + k) + 1] = cy + L * v[1]!;
    P[3 * (n + k) + 2] = cz + L * v[2]!;
  }

  let cap = Math.max(64, n * 8);
  let TV = new Int32Array(cap * 4);
  let TN = new Int32Array(cap * 4);
  let CC = new Float64Array(cap * 4);
  let MARK = new Int32Array(cap);
  let ALIVE = new Uint8Array(cap);
  let ntet = 0;
  const free: number[] = [];

  function grow(): void {
    const nc = cap * 2;
    const tv = new Int32Array(nc * 4); tv.set(TV); TV = tv;
    const tn = new Int32Array(nc * 4); tn.set(TN); TN = tn;
    const c = new Float64Array(nc * 4); c.set(CC); CC = c;
    const m = new Int32Array(nc); m.set(MARK); MARK = m;
    const a = new Uint8Array(nc); a.set(ALIVE); ALIVE = a;
    cap = nc;
  }

  function alloc(): number {
    const f = free.pop();
    if (f !== undefined) return f;
    if (ntet >= cap) grow();
    return ntet++;
  }

  function orient(a: number, b: number, c: number, d: number): number {
    const ax = P[3 * a]!, ay = P[3 * a + 1]!, az = P[3 * a + 2]!;
    const bx = P[3 * b]! - ax, by = P[3 * b + 1]! - ay, bz = P[3 * b + 2]! - az;
    const qx = P[3 * c]! - ax, qy = P[3 * c + 1]! - ay, qz = P[3 * c + 2]! - az;
    const dx = P[3 * d]! - ax, dy = P[3 * d + 1]! - ay, dz = P[3 * d + 2]! - az;
    return bx * (qy * dz - qz * dy) - by * (qx * dz - qz * dx) + bz * (qx * dy - qy * dx);
  }

  function circum(t: number): void {
    const a = TV[4 * t]!, b = TV[4 * t + 1]!, c = TV[4 * t + 2]!, d = TV[4 * t + 3]!;
    const ax = P[3 * a]!, ay = P[3 * a + 1]!, az = P[3 * a + 2]!;
    const bx = P[3 * b]! - ax, by = P[3 * b + 1]! - ay, bz = P[3 * b + 2]! - az;
    const qx = P[3 * c]! - ax, qy = P[3 * c + 1]! - ay, qz = P[3 * c + 2]! - az;
    const dx = P[3 * d]! - ax, dy = P[3 * d + 1]! - ay, dz = P[3 * d + 2]! - az;
    const lb = bx * bx + by * by + bz * bz, lc = qx * qx + qy * qy + qz * qz, ld = dx * dx + dy * dy + dz * dz;
    // cross products c×d, d×b, b×c
    const cdx = qy * dz - qz * dy, cdy = qz * dx - qx * dz, cdz = qx * dy - qy * dx;
    const dbx = dy * bz - dz * by, dby = dz * bx - dx * bz, dbz = dx * by - dy * bx;
    const bcx = by * qz - bz * qy, bcy = bz * qx - bx * qz, bcz = bx * qy - by * qx;
    const det = bx * cdx + by * cdy + bz * cdz;
    if (Math.abs(det) < 1e-12) {
      CC[4 * t] = ax; CC[4 * t + 1] = ay; CC[4 * t + 2] = az; CC[4 * t + 3] = Infinity;
      return;
    }
    const inv = 0.5 / det;
    const ox = (lb * cdx + lc * dbx + ld * bcx) * inv;
    const oy = (lb * cdy + lc * dby + ld * bcy) * inv;
    const oz = (lb * cdz + lc * dbz + ld * bcz) * inv;
    CC[4 * t] = ax + ox; CC[4 * t + 1] = ay + oy; CC[4 * t + 2] = az + oz;
    CC[4 * t + 3] = ox * ox + oy * oy + oz * oz;
  }

  function inSphere(t: number, p: number): boolean {
    const dx = P[3 * p]! - CC[4 * t]!, dy = P[3 * p + 1]! - CC[4 * t + 1]!, dz = P[3 * p + 2]! - CC[4 * t + 2]!;
    return dx * dx + dy * dy + dz * dz < CC[4 * t + 3]!;
  }

  // First tetrahedron: the super tetrahedron, positively oriented.
  {
    const t = alloc();
    TV[0] = n; TV[1] = n + 1; TV[2] = n + 2; TV[3] = n + 3;
    if (orient(n, n + 1, n + 2, n + 3) < 0) { TV[2] = n + 3; TV[3] = n + 2; }
    TN.fill(-1, 0, 4);
    ALIVE[t] = 1;
    circum(t);
  }

  // Morton order of the input points.
  const order = new Int32Array(n);
  const code = new Float64Array(n);
  {
    const span = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1e-9);
    const spread = (v: number): number => {
      let r = 0;
      for (let b = 0; b < 10; b++) if (v & (1 << b)) r += 2 ** (3 * b);
      return r;
    };
    for (let i = 0; i < n; i++) {
      const qx = Math.min(1023, Math.floor(((P[3 * i]! - minX) / span) * 1023));
      const qy = Math.min(1023, Math.floor(((P[3 * i + 1]! - minY) / span) * 1023));
      const qz = Math.min(1023, Math.floor(((P[3 * i + 2]! - minZ) / span) * 1023));
      code[i] = spread(qx) + 2 * spread(qy) + 4 * spread(qz);
      order[i] = i;
    }
    order.sort((a, b) => code[a]! - code[b]!);
  }

  let last = 0;
  let stamp = 0;
  const cavity: number[] = [];
  const edge = new Map<number, number>();
  const created: number[] = [];

  function locate(p: number): number {
    let t = last;
    let steps = 0;
    let rot = 0;
    walk: while (steps++ < 4 * n + 100) {
      rot = (rot + 1) & 3;
      for (let k = 0; k < 4; k++) {
        const i = (k + rot) & 3;
        const o = 4 * t;
        const v0 = i === 0 ? p : TV[o]!, v1 = i === 1 ? p : TV[o + 1]!, v2 = i === 2 ? p : TV[o + 2]!, v3 = i === 3 ? p : TV[o + 3]!;
        if (orient(v0, v1, v2, v3) < 0) {
          const nb = TN[o + i]!;
          if (nb < 0) break walk;
          t = nb;
          continue walk;
        }
      }
      return t;
    }
    // Fallback: any tetrahedron whose circumsphere holds p.
    for (let s = 0; s < ntet; s++) if (ALIVE[s] && inSphere(s, p)) return s;
    return last;
  }

  for (let oi = 0; oi < n; oi++) {
    const p = order[oi]!;
    const start = locate(p);
    stamp++;
    cavity.length = 0;
    cavity.push(start);
    MARK[start] = stamp;
    for (let ci = 0; ci < cavity.length; ci++) {
      const t = cavity[ci]!;
      for (let i = 0; i < 4; i++) {
        const nb = TN[4 * t + i]!;
        if (nb < 0 || MARK[nb] === stamp || MARK[nb] === -stamp) continue;
        if (inSphere(nb, p)) {
          MARK[nb] = stamp;
          cavity.push(nb);
        } else MARK[nb] = -stamp;
      }
    }
    edge.clear();
    created.length = 0;
    for (let ci = 0; ci < cavity.length; ci++) {
      const t = cavity[ci]!;
      for (let i = 0; i < 4; i++) {
        const nb = TN[4 * t + i]!;
        if (nb >= 0 && MARK[nb] === stamp) continue;
        const nt = alloc();
        const o = 4 * nt;
        for (let k = 0; k < 4; k++) {
          TV[o + k] = k === i ? p : TV[4 * t + k]!;
          TN[o + k] = -1;
        }
        ALIVE[nt] = 1;
        MARK[nt] = 0;
        TN[o + i] = nb;
        if (nb >= 0) {
          for (let k = 0; k < 4; k++) if (TN[4 * nb + k] === t) { TN[4 * nb + k] = nt; break; }
        }
        for (let j = 0; j < 4; j++) {
          if (j === i) continue;
          let a = -1, b = -1;
          for (let k = 0; k < 4; k++) {
            if (k === i || k === j) continue;
            if (a < 0) a = TV[o + k]!; else b = TV[o + k]!;
          }
          const key = a < b ? a * np + b : b * np + a;
          const other = edge.get(key);
          if (other === undefined) edge.set(key, o + j);
          else {
            TN[o + j] = other >> 2;
            TN[other] = nt;
            edge.delete(key);
          }
        }
        circum(nt);
        created.push(nt);
      }
    }
    for (let ci = 0; ci < cavity.length; ci++) {
      const t = cavity[ci]!;
      ALIVE[t] = 0;
      MARK[t] = 0;
      free.push(t);
    }
    last = created[created.length - 1] ?? last;
  }

  let count = 0;
  for (let t = 0; t < ntet; t++) if (ALIVE[t] && TV[4 * t]! < n && TV[4 * t + 1]! < n && TV[4 * t + 2]! < n && TV[4 * t + 3]! < n) count++;
  const tets = new Int32Array(count * 4);
  const spheres = new Float64Array(count * 4);
  let k = 0;
  for (let t = 0; t < ntet; t++) {
    if (!(ALIVE[t] && TV[4 * t]! < n && TV[4 * t + 1]! < n && TV[4 * t + 2]! < n && TV[4 * t + 3]! < n)) continue;
    for (let j = 0; j < 4; j++) tets[4 * k + j] = TV[4 * t + j]!;
    spheres[4 * k] = CC[4 * t]!;
    spheres[4 * k + 1] = CC[4 * t + 1]!;
    spheres[4 * k + 2] = CC[4 * t + 2]!;
    spheres[4 * k + 3] = Math.sqrt(CC[4 * t + 3]!);
    k++;
  }
  return { tets, spheres, count };
}
