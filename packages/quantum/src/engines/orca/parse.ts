/**
 * Reads ORCA 5 and 6 text output into the common result. Hand-written: no npm library parses
 * ORCA output. Each section reader looks for ORCA's own section title and takes the last
 * occurrence, because optimisations and frequency runs print sections once per step and the
 * final one is the answer. Layout differences between versions are noted where they matter.
 */
import type { Atom } from '../../job.ts';
import { methodFromToken, basisFromToken, ORCA_METHOD_KEYWORDS } from '../../keywords/orca-tokens.ts';
import { orcaThermo } from './thermo.ts';
import type { ParsedOutput } from '../../result.ts';

/** 1 e·bohr in debye. */
const AU_TO_DEBYE = 2.541746473;
const CM1_PER_EV = 8065.543937;
const NUMBER = String.raw`[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?`;

export function parseOrcaOutput(output: string): ParsedOutput {
  const lines = output.split(/\r?\n/);
  const optimized = output.includes('THE OPTIMIZATION HAS CONVERGED');
  const frequencies = readFrequencies(lines);
  const imaginaryCount = frequencies ? frequencies.filter((mode) => mode.frequency < 0).length : null;
  const warnings: string[] = [];
  if (!output.includes('ORCA TERMINATED NORMALLY')) warnings.push('ORCA 未正常结束（ORCA did not terminate normally）');
  if (output.includes('The optimization did not converge')) warnings.push('几何优化未收敛（the geometry optimisation did not converge）');
  if (optimized && imaginaryCount) warnings.push(`优化后的结构有 ${imaginaryCount} 个虚频，可能不是极小点（${imaginaryCount} imaginary frequencies after optimisation: not a minimum）`);

  return {
    engine: 'orca',
    engineVersion: /Program Version (\d+\.\d+\.\d+)/.exec(output)?.[1] ?? null,
    level: readLevel(lines),
    warnings,
    final_energy: lastNumberAfter(output, /FINAL SINGLE POINT ENERGY\s+(\S+)/g),
    optimized,
    geometry: readGeometry(lines, optimized),
    orbitals: readOrbitals(lines),
    dipole: readDipole(lines),
    mulliken: readMulliken(lines),
    frequencies,
    imaginary_count: imaginaryCount,
    thermochemistry: orcaThermo(output),
    excitations: readExcitations(lines),
    nmr: readShieldings(lines),
    seconds: readRunTime(output),
  };
}

function lastNumberAfter(text: string, pattern: RegExp): number | null {
  let value: number | null = null;
  for (const match of text.matchAll(pattern)) {
    const parsed = Number(match[1]);
    if (Number.isFinite(parsed)) value = parsed;
  }
  return value;
}

/** Index of the last line equal (after trimming) to `title`, at or after `from`; -1 when absent. */
function lastSection(lines: string[], title: string | RegExp, from = 0): number {
  for (let i = lines.length - 1; i >= from; i--) {
    const line = lines[i]!.trim();
    if (typeof title === 'string' ? line === title : title.test(line)) return i;
  }
  return -1;
}

/** `B3LYP/def2-SVP` from the echoed `!` lines of the input; the raw words when they name no known method. */
function readLevel(lines: string[]): string {
  const words = lines
    .map((line) => /^\|\s*\d+>\s*!(.*)$/.exec(line)?.[1])
    .filter((rest): rest is string => rest !== undefined)
    .flatMap((rest) => rest.trim().split(/\s+/));
  const method = words.map((word) => methodFromToken(word)).find((found) => found !== undefined);
  const basis = words.map((word) => basisFromToken(word)).find((found) => found !== undefined);
  if (!method) return words.join(' ');
  const methodLabel = method.approximation === 'RI-MP2' ? 'RI-MP2' : ORCA_METHOD_KEYWORDS[method.method];
  return basis ? `${methodLabel}/${basis}` : methodLabel;
}

/** The last CARTESIAN COORDINATES (ANGSTROEM) block; after a converged optimisation ORCA prints the final structure there. */
function readGeometry(lines: string[], optimized: boolean): Atom[] {
  const start = lastSection(lines, 'CARTESIAN COORDINATES (ANGSTROEM)', optimized ? lastSection(lines, /THE OPTIMIZATION HAS CONVERGED/) : 0);
  if (start < 0) return [];
  const atoms: Atom[] = [];
  for (const line of lines.slice(start + 2)) {
    const match = new RegExp(`^\\s*([A-Za-z]{1,3})\\s+(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s*$`).exec(line);
    if (!match) break;
    atoms.push({ element: match[1]!, x: Number(match[2]), y: Number(match[3]), z: Number(match[4]) });
  }
  return atoms;
}

/** ORBITAL ENERGIES: `NO OCC E(Eh) E(eV)`; open shells print SPIN UP first, which is the alpha set the schema wants. */
function readOrbitals(lines: string[]): ParsedOutput['orbitals'] {
  const start = lastSection(lines, 'ORBITAL ENERGIES');
  if (start < 0) return null;
  const energies: { energy: number; occupation: number }[] = [];
  let seenRows = false;
  for (const line of lines.slice(start + 2)) {
    const match = new RegExp(`^\\s*\\d+\\s+(${NUMBER})\\s+${NUMBER}\\s+(${NUMBER})`).exec(line);
    if (match) {
      energies.push({ occupation: Number(match[1]), energy: Number(match[2]) });
      seenRows = true;
    } else if (seenRows && !/^\s*NO\s+OCC/.test(line)) {
      break;
    }
  }
  if (energies.length === 0) return null;
  // The HOMO is the last orbital holding more than half an electron (1 for alpha spin, 2 for closed shells).
  let homoIndex = -1;
  energies.forEach((orbital, i) => {
    if (orbital.occupation > 0.5) homoIndex = i;
  });
  const homo = homoIndex >= 0 ? energies[homoIndex]!.energy : null;
  const lumo = energies[homoIndex + 1]?.energy ?? null;
  return { energies, homo, lumo, gap: homo !== null && lumo !== null ? lumo - homo : null };
}

/** MULLIKEN ATOMIC CHARGES (`... AND SPIN POPULATIONS` for open shells); ORCA numbers atoms from 0, the result from 1. */
function readMulliken(lines: string[]): ParsedOutput['mulliken'] {
  const start = lastSection(lines, /^MULLIKEN ATOMIC CHARGES/);
  if (start < 0) return null;
  const charges: NonNullable<ParsedOutput['mulliken']> = [];
  for (const line of lines.slice(start + 2)) {
    const match = new RegExp(`^\\s*(\\d+)\\s+([A-Za-z]{1,3})\\s*:\\s*(${NUMBER})`).exec(line);
    if (!match) break;
    charges.push({ index: Number(match[1]) + 1, element: match[2]!, charge: Number(match[3]) });
  }
  return charges.length > 0 ? charges : null;
}

/** DIPOLE MOMENT: the `Total Dipole Moment` vector is in a.u. (converted to debye); the total is ORCA's `Magnitude (Debye)`. */
function readDipole(lines: string[]): ParsedOutput['dipole'] {
  const start = lastSection(lines, 'DIPOLE MOMENT');
  if (start < 0) return null;
  let vector: number[] | null = null;
  for (const line of lines.slice(start, start + 30)) {
    const total = new RegExp(`^Total Dipole Moment\\s*:\\s*(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})`).exec(line.trim());
    if (total) vector = total.slice(1, 4).map((v) => Number(v) * AU_TO_DEBYE);
    const magnitude = new RegExp(`^Magnitude \\(Debye\\)\\s*:\\s*(${NUMBER})`).exec(line.trim());
    if (magnitude && vector) return { x: vector[0]!, y: vector[1]!, z: vector[2]!, total: Number(magnitude[1]) };
  }
  return null;
}

/** VIBRATIONAL FREQUENCIES without the zero translation/rotation modes; intensities from the IR SPECTRUM table by mode number. */
function readFrequencies(lines: string[]): ParsedOutput['frequencies'] {
  const start = lastSection(lines, 'VIBRATIONAL FREQUENCIES');
  if (start < 0) return null;
  const intensities = readIrIntensities(lines);
  const modes: NonNullable<ParsedOutput['frequencies']> = [];
  let seenRows = false;
  for (const line of lines.slice(start + 2)) {
    const match = new RegExp(`^\\s*(\\d+):\\s+(${NUMBER})\\s+cm\\*\\*-1`).exec(line);
    if (match) {
      seenRows = true;
      const frequency = Number(match[2]);
      if (frequency !== 0) modes.push({ frequency, intensity: intensities.get(Number(match[1])) ?? null });
    } else if (seenRows && line.trim() === '') {
      break;
    }
  }
  return modes;
}

/**
 * IR SPECTRUM rows are `mode: freq ...`. ORCA 5 and 6 print `eps  Int  T**2  (TX TY TZ)` with
 * `Int` in km/mol (the third number); ORCA 4 printed `T**2 (TX TY TZ)` only, with T**2 already
 * in km/mol (the second number). The header decides which.
 */
function readIrIntensities(lines: string[]): Map<number, number> {
  const intensities = new Map<number, number>();
  const start = lastSection(lines, 'IR SPECTRUM');
  if (start < 0) return intensities;
  const header = lines.slice(start + 1, start + 5).join(' ');
  const column = /\bInt\b/.test(header) ? 3 : 2;
  let seenRows = false;
  for (const line of lines.slice(start + 2)) {
    const match = /^\s*(\d+):\s+(.*)$/.exec(line);
    if (match) {
      seenRows = true;
      const value = Number(match[2]!.trim().split(/\s+/)[column - 1]);
      if (Number.isFinite(value)) intensities.set(Number(match[1]), value);
    } else if (seenRows && !/^-+$/.test(line.trim())) {
      break;
    }
  }
  return intensities;
}

/**
 * ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS. ORCA 5 rows: `state cm-1 nm fosc ...`,
 * with triplets as `spin forbidden` rows. ORCA 6 rows: `0-1Ag -> 1-3Bu  eV cm-1 nm fosc ...`, every
 * state included; states whose multiplicity differs from the ground state's are dropped so both
 * versions give the spin-allowed spectrum. Sorted by energy.
 */
function readExcitations(lines: string[]): ParsedOutput['excitations'] {
  const start = lastSection(lines, 'ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS');
  if (start < 0) return null;
  const excitations: NonNullable<ParsedOutput['excitations']> = [];
  let seenRows = false;
  for (const line of lines.slice(start + 2)) {
    const orca6 = new RegExp(`^\\s*\\d+-(\\d+)\\S*\\s+->\\s+\\d+-(\\d+)\\S*\\s+(${NUMBER})\\s+${NUMBER}\\s+(${NUMBER})\\s+(${NUMBER})`).exec(line);
    const orca5 = new RegExp(`^\\s*\\d+\\s+(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s`).exec(line);
    if (orca6) {
      seenRows = true;
      if (orca6[1] === orca6[2]) excitations.push({ energy_ev: Number(orca6[3]), wavelength_nm: Number(orca6[4]), oscillator: Number(orca6[5]) });
    } else if (/spin forbidden/.test(line)) {
      seenRows = true;
    } else if (orca5) {
      seenRows = true;
      excitations.push({ energy_ev: Number(orca5[1]) / CM1_PER_EV, wavelength_nm: Number(orca5[2]), oscillator: Number(orca5[3]) });
    } else if (seenRows && line.trim() === '') {
      break;
    }
  }
  return excitations.sort((a, b) => a.energy_ev - b.energy_ev);
}

/** CHEMICAL SHIELDING SUMMARY (ppm): `Nucleus Element Isotropic Anisotropy`, atoms numbered from 0 by ORCA, from 1 here. */
function readShieldings(lines: string[]): ParsedOutput['nmr'] {
  const start = lastSection(lines, 'CHEMICAL SHIELDING SUMMARY (ppm)');
  if (start < 0) return null;
  const shieldings: NonNullable<ParsedOutput['nmr']> = [];
  let seenRows = false;
  for (const line of lines.slice(start + 2)) {
    const match = new RegExp(`^\\s*(\\d+)\\s+([A-Za-z]{1,3})\\s+(${NUMBER})\\s+(${NUMBER})?`).exec(line);
    if (match) {
      seenRows = true;
      shieldings.push({ index: Number(match[1]) + 1, element: match[2]!, isotropic: Number(match[3]), anisotropy: match[4] === undefined ? null : Number(match[4]) });
    } else if (seenRows && line.trim() === '') {
      break;
    }
  }
  return shieldings.length > 0 ? shieldings : null;
}

function readRunTime(output: string): number | null {
  const match = /TOTAL RUN TIME:\s*(\d+) days (\d+) hours (\d+) minutes (\d+) seconds (\d+) msec/.exec(output);
  if (!match) return null;
  const [days, hours, minutes, seconds, msec] = match.slice(1).map(Number) as [number, number, number, number, number];
  return days * 86400 + hours * 3600 + minutes * 60 + seconds + msec / 1000;
}

