import { normaliseElement } from '../../periodic-table.ts';
import { EV_TO_NM, HARTREE_TO_EV, type ParsedOutput } from '../../result.ts';
import { AU_TO_DEBYE, emptyParsed, fortranNumber, frontierOrbitals, lastCapture, optimisationWarnings, vibrationsOnly, withDisplacements } from '../output-text.ts';
import { orbitalCubesWritten } from './orbital-cubes.ts';
import { nwchemDisplacements, nwchemThermo } from './vibrations.ts';

/** Text from the last occurrence of any of the markers to the end (null when none occurs). */
function fromLast(text: string, markers: string[]): string | null {
  const at = Math.max(...markers.map((m) => text.lastIndexOf(m)));
  return at < 0 ? null : text.slice(at);
}

function finalEnergy(text: string): number | null {
  const value =
    lastCapture(text, /CCSD\(T\) total energy \/ hartree\s*=\s*(\S+)/g) ??
    lastCapture(text, /Total MP2 energy\s+(\S+)/g) ??
    lastCapture(text, /Total (?:SCF|DFT) energy\s*=\s*(\S+)/g);
  return value === null ? null : fortranNumber(value);
}

function finalGeometry(text: string): ParsedOutput['geometry'] {
  const block = fromLast(text, ['Output coordinates in angstroms']);
  if (!block) return [];
  const atoms: ParsedOutput['geometry'] = [];
  for (const line of block.split('\n').slice(4)) {
    const m = /^\s*\d+\s+([A-Za-z]+)\S*\s+[-\d.]+\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/.exec(line);
    if (!m) break;
    atoms.push({ element: normaliseElement(m[1]!) ?? m[1]!, x: Number(m[2]), y: Number(m[3]), z: Number(m[4]) });
  }
  return atoms;
}

/** Alpha (or closed-shell) orbitals of the last MO analysis; SCF prints only the orbitals near the gap. */
function orbitals(text: string): ParsedOutput['orbitals'] {
  const start = Math.max(text.lastIndexOf('Final Molecular Orbital Analysis'), text.lastIndexOf('Final Alpha Molecular Orbital Analysis'));
  if (start < 0) return null;
  const rest = text.slice(start);
  const end = rest.search(/Final Beta Molecular Orbital Analysis|center of mass|Mulliken|Multipole analysis/);
  const block = end < 0 ? rest : rest.slice(0, end);
  const energies = [...block.matchAll(/Vector\s+\d+\s+Occ=(\S+)\s+E=\s*(\S+)/g)].map((m) => ({
    energy: fortranNumber(m[2]!) * HARTREE_TO_EV,
    occupation: fortranNumber(m[1]!),
  }));
  return energies.length ? frontierOrbitals(energies) : null;
}

/** Dipole from the last multipole analysis (total column, a.u.), converted to debye. */
function dipole(text: string): ParsedOutput['dipole'] {
  const block = fromLast(text, ['Multipole analysis of the density']);
  if (!block) return null;
  const component = (pattern: RegExp) => {
    const m = pattern.exec(block);
    return m ? Number(m[1]) * AU_TO_DEBYE : null;
  };
  const x = component(/^\s*1\s+1 0 0\s+(\S+)/m);
  const y = component(/^\s*1\s+0 1 0\s+(\S+)/m);
  const z = component(/^\s*1\s+0 0 1\s+(\S+)/m);
  if (x === null || y === null || z === null) return null;
  return { x, y, z, total: Math.hypot(x, y, z) };
}

/** Mulliken gross populations (SCF's or DFT's table) turned into charges: Z − population. */
function mulliken(text: string): ParsedOutput['mulliken'] {
  const block = fromLast(text, ['Mulliken analysis of the total density', 'Total Density - Mulliken Population Analysis']);
  if (!block) return null;
  const charges: NonNullable<ParsedOutput['mulliken']> = [];
  for (const line of block.split('\n').slice(5)) {
    const m = /^\s*(\d+)\s+([A-Za-z]+)\s+(\d+)\s+(-?\d+\.\d+)/.exec(line);
    if (!m) break;
    charges.push({ index: Number(m[1]), element: normaliseElement(m[2]!) ?? m[2]!, charge: Number(m[3]) - Number(m[4]) });
  }
  return charges.length ? charges : null;
}

function frequencies(text: string): ParsedOutput['frequencies'] {
  const block = fromLast(text, ['Projected Infra Red Intensities']);
  if (!block) return null;
  const modes = [...block.matchAll(/^\s*\d+\s+(-?\d+\.\d+)\s+\|\|\s+\S+\s+\S+\s+(\S+)\s+\S+\s*$/gm)].map((m) => ({
    frequency: Number(m[1]),
    intensity: Number(m[2]),
  }));
  return vibrationsOnly(modes);
}

function excitations(text: string): ParsedOutput['excitations'] {
  const block = fromLast(text, ['NWChem TDDFT Module']);
  if (!block) return null;
  const roots = [...block.matchAll(/Root\s+\d+\s+.*?(-?\d+\.\d+) a\.u\.\s+(-?\d+\.\d+) eV[\s\S]*?Dipole Oscillator Strength\s+(\S+)/g)];
  return roots.map((m) => {
    const energy = Number(m[2]);
    return { energy_ev: energy, wavelength_nm: EV_TO_NM / energy, oscillator: Number(m[3]) };
  });
}

function shieldings(text: string): ParsedOutput['nmr'] {
  const block = fromLast(text, ['Chemical Shielding Tensors']);
  if (!block) return null;
  return [...block.matchAll(/Atom:\s+(\d+)\s+([A-Za-z]+)[\s\S]*?isotropic =\s*(\S+)\s+anisotropy =\s*(\S+)/g)].map((m) => ({
    index: Number(m[1]),
    element: normaliseElement(m[2]!) ?? m[2]!,
    isotropic: Number(m[3]),
    anisotropy: Number(m[4]),
  }));
}

/** Reads an NWChem 7 output (and notes the orbital cubes among its side files); the level is filled in by the runner from the job. */
export function parseNwchem(output: string, sideFiles: Record<string, string> = {}): ParsedOutput {
  const parsed = emptyParsed('nwchem', '');
  parsed.engineVersion = lastCapture(output, /nwchem branch\s*=\s*(\S+)/g);
  parsed.final_energy = finalEnergy(output);
  parsed.optimized = output.includes('Optimization converged');
  parsed.geometry = finalGeometry(output);
  parsed.orbitals = orbitals(output);
  parsed.dipole = dipole(output);
  parsed.mulliken = mulliken(output);
  parsed.frequencies = withDisplacements(frequencies(output), nwchemDisplacements(output, parsed.geometry.length));
  parsed.thermochemistry = nwchemThermo(output, parsed.final_energy);
  parsed.orbital_cubes = orbitalCubesWritten(sideFiles);
  parsed.imaginary_count = parsed.frequencies ? parsed.frequencies.filter((f) => f.frequency < 0).length : null;
  parsed.excitations = excitations(output);
  parsed.nmr = shieldings(output);
  const wall = lastCapture(output, /Total times\s+cpu:\s+\S+\s+wall:\s+([\d.]+)s/g);
  parsed.seconds = wall === null ? null : Number(wall);
  parsed.warnings = optimisationWarnings(parsed, output.includes('NWChem Geometry Optimization'));
  if (parsed.final_energy === null) throw new Error('NWChem 输出中没有找到最终能量');
  return parsed;
}
