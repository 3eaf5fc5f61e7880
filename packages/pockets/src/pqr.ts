import type { Pocket } from './detect.ts';

const pad = (s: string | number, w: number): string => String(s).padStart(w);
const f = (v: number, w: number, d: number): string => v.toFixed(d).padStart(w);

/**
 * Writes pockets' alpha spheres as PDB text in the style of fpocket's `pockets.pqr`:
 * one `ATOM` record per sphere, atom name `C`, residue `STP`, residue number = pocket
 * id, the sphere centre as coordinates, 0.00 in the occupancy column (the PQR charge)
 * and the sphere radius in the B-factor column (the PQR radius). Apolar spheres are
 * written on chain `A`, polar ones on chain `P`, so a viewer can colour them.
 */
export function pocketsToPqr(pockets: readonly Pocket[]): string {
  const lines: string[] = ['HEADER    POCKET ALPHA SPHERES (YUNYAO, FPOCKET-STYLE)', 'REMARK    OCCUPANCY = CHARGE (0), B-FACTOR = SPHERE RADIUS (A)'];
  let serial = 1;
  for (const p of pockets) {
    for (const s of p.spheres) {
      const chain = s.apolar ? 'A' : 'P';
      lines.push(`ATOM  ${pad(serial % 100000, 5)}  C   STP ${chain}${pad(p.id % 10000, 4)}    ${f(s.x, 8, 3)}${f(s.y, 8, 3)}${f(s.z, 8, 3)}${f(0, 6, 2)}${f(s.radius, 6, 2)}           C`);
      serial++;
    }
  }
  lines.push('END', '');
  return lines.join('\n');
}
