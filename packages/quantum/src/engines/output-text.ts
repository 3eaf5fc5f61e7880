/**
 * Small helpers shared by the engine output parsers. The parsers are hand-written: npm has no
 * maintained reader for NWChem / xtb / MOPAC text output (cclib is Python), and each engine
 * needs only a handful of well-delimited blocks.
 */
import type { ParsedOutput, Vibration } from '../result.ts';

export const AU_TO_DEBYE = 2.541746473;

/** Fortran-style number (`-1.2D+01` included) to a JS number. */
export function fortranNumber(text: string): number {
  return Number(text.replace(/[dD]/, 'e'));
}

/** The capture group of the last match of a global regex, or null. */
export function lastCapture(text: string, pattern: RegExp): string | null {
  let found: string | null = null;
  for (const match of text.matchAll(pattern)) found = match[1] ?? null;
  return found;
}

/** HOMO/LUMO/gap from orbital energies (eV) and occupations. */
export function frontierOrbitals(energies: { energy: number; occupation: number }[]): NonNullable<ParsedOutput['orbitals']> {
  const occupied = energies.filter((o) => o.occupation > 0.5);
  const virtual = energies.filter((o) => o.occupation <= 0.5);
  const homo = occupied.length ? Math.max(...occupied.map((o) => o.energy)) : null;
  const lumo = virtual.length ? Math.min(...virtual.map((o) => o.energy)) : null;
  return { energies, homo, lumo, gap: homo !== null && lumo !== null ? lumo - homo : null };
}

/** Drops the translations/rotations (near-zero modes, at most six) from a vibrational list. */
export function vibrationsOnly<T extends { frequency: number }>(modes: T[]): T[] {
  const nearZero = modes.filter((m) => Math.abs(m.frequency) < 10).slice(0, 6);
  return modes.filter((m) => !nearZero.includes(m));
}

/**
 * Attaches each mode's displacement vectors, read from a separate block or file, to the modes read
 * with their frequencies; both list the vibrations in the same order. A count mismatch (a file from
 * another run) leaves the modes without vectors rather than pairing them wrongly.
 */
export function withDisplacements(modes: Vibration[] | null, displacements: NonNullable<Vibration['displacement']>[] | undefined): Vibration[] | null {
  if (!modes || !displacements || displacements.length !== modes.length) return modes;
  return modes.map((mode, i) => ({ ...mode, displacement: displacements[i]! }));
}

/** A mode's flat Cartesian column (atom 1 x, y, z, atom 2 x, …) as one vector per atom. */
export function perAtom(coordinates: number[], atomCount: number): NonNullable<Vibration['displacement']> {
  return Array.from({ length: atomCount }, (_, atom): [number, number, number] => [coordinates[3 * atom]!, coordinates[3 * atom + 1]!, coordinates[3 * atom + 2]!]);
}

/** The last lines of an output, for failure messages. */
export function tailLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/** A parsed result with nothing filled yet, so each parser only sets what its engine prints. */
export function emptyParsed(engine: ParsedOutput['engine'], level: string): ParsedOutput {
  return {
    engine,
    engineVersion: null,
    level,
    warnings: [],
    final_energy: null,
    optimized: false,
    geometry: [],
    orbitals: null,
    dipole: null,
    mulliken: null,
    frequencies: null,
    imaginary_count: null,
    excitations: null,
    nmr: null,
    seconds: null,
  };
}

/** Warnings every engine shares: an optimisation that did not converge, imaginary modes after one. */
export function optimisationWarnings(parsed: ParsedOutput, optimisationRan: boolean): string[] {
  const warnings: string[] = [];
  if (optimisationRan && !parsed.optimized) warnings.push('几何优化未收敛，结果为最后一步的结构 (geometry optimisation did not converge)');
  if (optimisationRan && parsed.imaginary_count) {
    warnings.push(`优化后的结构存在 ${parsed.imaginary_count} 个虚频，可能不是极小点 (${parsed.imaginary_count} imaginary frequencies after optimisation)`);
  }
  return warnings;
}
