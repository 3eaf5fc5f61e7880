import { normaliseElement } from '../../periodic-table.ts';
import type { ParsedOutput, Vibration } from '../../result.ts';

export interface NormalModes {
  /** The "Standard orientation" the displacements refer to. */
  geometry: ParsedOutput['geometry'];
  displacements: NonNullable<Vibration['displacement']>[];
}

/**
 * xtb's `g98.out` (a Gaussian 98-style frequency file it writes with --hess/--ohess): the
 * orientation, then blocks of up to three modes whose `Atom AN  X Y Z …` rows give each
 * atom's displacement per mode. Translations and rotations are not in it.
 */
export function readG98Modes(text: string | undefined): NormalModes | null {
  if (!text) return null;
  const lines = text.split('\n');
  const orientation = lines.findIndex((l) => l.includes('Standard orientation'));
  const geometry: ParsedOutput['geometry'] = [];
  for (const line of lines.slice(orientation + 5)) {
    const f = line.trim().split(/\s+/);
    if (f.length !== 6) break;
    geometry.push({ element: normaliseElement(f[1]!) ?? f[1]!, x: Number(f[3]), y: Number(f[4]), z: Number(f[5]) });
  }
  if (orientation < 0 || geometry.length === 0) return null;
  const displacements: NormalModes['displacements'] = [];
  lines.forEach((line, i) => {
    if (!/^\s*Atom\s+AN\s+X/.test(line)) return;
    const rows = lines.slice(i + 1, i + 1 + geometry.length).map((row) => row.trim().split(/\s+/).slice(2).map(Number));
    const modesInBlock = (rows[0]?.length ?? 0) / 3;
    for (let mode = 0; mode < modesInBlock; mode++) {
      displacements.push(rows.map((r) => [r[3 * mode]!, r[3 * mode + 1]!, r[3 * mode + 2]!]));
    }
  });
  return displacements.length ? { geometry, displacements } : null;
}
