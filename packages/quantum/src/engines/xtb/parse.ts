import { normaliseElement } from '../../periodic-table.ts';
import type { ParsedOutput } from '../../result.ts';
import { emptyParsed, frontierOrbitals, lastCapture, optimisationWarnings, vibrationsOnly, withDisplacements } from '../output-text.ts';
import { readG98Modes } from './g98-modes.ts';
import { xtbThermo } from './thermo.ts';

function xyzAtoms(text: string | undefined): ParsedOutput['geometry'] {
  if (!text) return [];
  return text
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([el, x, y, z]) => ({ element: normaliseElement(el!) ?? el!, x: Number(x), y: Number(y), z: Number(z) }));
}

/** Orbitals of the last eigenvalue table (`#  Occupation  Energy/Eh  Energy/eV`); unprinted occupations are 0. */
function orbitals(text: string): ParsedOutput['orbitals'] {
  const start = text.lastIndexOf('Occupation            Energy/Eh            Energy/eV');
  if (start < 0) return null;
  const block = text.slice(start, text.indexOf('HL-Gap', start));
  const energies = [...block.matchAll(/^\s*\d+\s+(\d+\.\d+)?\s+-?\d+\.\d+\s+(-?\d+\.\d+)/gm)].map((m) => ({
    energy: Number(m[2]),
    occupation: m[1] ? Number(m[1]) : 0,
  }));
  return energies.length ? frontierOrbitals(energies) : null;
}

function dipole(text: string): ParsedOutput['dipole'] {
  const block = text.slice(text.lastIndexOf('molecular dipole:'));
  const m = /full:\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)/.exec(block);
  return m ? { x: Number(m[1]) * 2.541746473, y: Number(m[2]) * 2.541746473, z: Number(m[3]) * 2.541746473, total: Number(m[4]) } : null;
}

function frequencies(vibspectrum: string | undefined): ParsedOutput['frequencies'] {
  if (!vibspectrum) return null;
  const modes = [...vibspectrum.matchAll(/^\s*\d+\s+(?:\S+\s+)?(-?\d+\.\d+)\s+(\d+\.\d+)/gm)].map((m) => ({
    frequency: Number(m[1]),
    intensity: Number(m[2]),
  }));
  return vibrationsOnly(modes);
}

/** Reads xtb 6 stdout plus its side files (`charges`, `xtbopt.xyz`, `vibspectrum`, `g98.out`). */
export function parseXtb(output: string, side: Record<string, string> = {}): ParsedOutput {
  const parsed = emptyParsed('xtb', 'GFN2-xTB');
  parsed.engineVersion = lastCapture(output, /xtb version (\S+)/g);
  const energy = lastCapture(output, /TOTAL ENERGY\s+(-?\d+\.\d+) Eh/g);
  parsed.final_energy = energy === null ? null : Number(energy);
  const optimisationRan = output.includes('ANCopt');
  parsed.optimized = output.includes('GEOMETRY OPTIMIZATION CONVERGED');
  parsed.geometry = xyzAtoms(side['xtbopt.xyz'] ?? side['mol.xyz']);
  parsed.orbitals = orbitals(output);
  parsed.dipole = dipole(output);
  const charges = side['charges']?.trim().split(/\s+/).map(Number);
  parsed.mulliken =
    charges && charges.length === parsed.geometry.length
      ? charges.map((charge, i) => ({ index: i + 1, element: parsed.geometry[i]!.element, charge }))
      : null;
  const modes = readG98Modes(side['g98.out']);
  parsed.frequencies = withDisplacements(frequencies(side['vibspectrum']), modes?.displacements);
  parsed.vibration_geometry = modes?.geometry ?? null;
  parsed.thermochemistry = xtbThermo(output);
  parsed.imaginary_count = parsed.frequencies ? parsed.frequencies.filter((f) => f.frequency < 0).length : null;
  const wall = [...output.matchAll(/\* wall-time:\s+(\d+) d,\s+(\d+) h,\s+(\d+) min,\s+([\d.]+) sec/g)][0];
  parsed.seconds = wall ? Number(wall[1]) * 86400 + Number(wall[2]) * 3600 + Number(wall[3]) * 60 + Number(wall[4]) : null;
  parsed.warnings = optimisationWarnings(parsed, optimisationRan);
  if (parsed.final_energy === null) throw new Error('xtb 输出中没有找到总能量');
  return parsed;
}
