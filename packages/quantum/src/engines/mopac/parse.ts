import { normaliseElement } from '../../periodic-table.ts';
import { HARTREE_TO_EV, type ParsedOutput } from '../../result.ts';
import { emptyParsed, lastCapture, optimisationWarnings, vibrationsOnly, withDisplacements } from '../output-text.ts';
import { mopacDisplacements, mopacForceOrientation, mopacThermo } from './vibrations.ts';

/** The last full-precision coordinate table (the input echoes use 4 decimals, the results 9). */
function finalGeometry(text: string): ParsedOutput['geometry'] {
  const row = String.raw`\s*\d+\s+[A-Za-z]+\s+-?\d+\.\d{6,}\s+-?\d+\.\d{6,}\s+-?\d+\.\d{6,}\s*\n`;
  const table = lastCapture(text, new RegExp(String.raw`CARTESIAN COORDINATES\s*\n\s*\n((?:${row})+)`, 'g'));
  if (!table) return [];
  return table.trim().split('\n').map((line) => {
    const [, el, x, y, z] = line.trim().split(/\s+/) as [string, string, string, string, string];
    return { element: normaliseElement(el) ?? el, x: Number(x), y: Number(y), z: Number(z) };
  });
}

/** Occupied levels are the first NO. OF FILLED LEVELS eigenvalues (closed shell); open shells keep only HOMO/LUMO. */
function orbitals(text: string): ParsedOutput['orbitals'] {
  const frontier = /HOMO LUMO ENERGIES \(EV\) =\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)/.exec(text.slice(text.lastIndexOf('HOMO LUMO ENERGIES')));
  if (!frontier) return null;
  const homo = Number(frontier[1]);
  const lumo = Number(frontier[2]);
  const filled = Number(lastCapture(text, /NO\. OF FILLED LEVELS\s*=\s*(\d+)/g) ?? NaN);
  const eigenBlock = /EIGENVALUES\s*\n([\s\S]*?)\n\s*\n/.exec(text.slice(text.lastIndexOf('EIGENVALUES')));
  const values = eigenBlock ? eigenBlock[1]!.trim().split(/\s+/).map(Number) : [];
  const energies = Number.isFinite(filled) ? values.map((energy, i) => ({ energy, occupation: i < filled ? 2 : 0 })) : [];
  return { energies, homo, lumo, gap: lumo - homo };
}

function dipole(text: string): ParsedOutput['dipole'] {
  const m = lastCapture(text, /^ SUM\s+(-?\d+\.\d+\s+-?\d+\.\d+\s+-?\d+\.\d+\s+-?\d+\.\d+)/gm);
  if (!m) return null;
  const [x, y, z, total] = m.split(/\s+/).map(Number) as [number, number, number, number];
  return { x, y, z, total };
}

function mulliken(text: string): ParsedOutput['mulliken'] {
  const at = text.lastIndexOf('MULLIKEN POPULATIONS AND CHARGES');
  if (at < 0) return null;
  const rows = [...text.slice(at).split('\n').slice(2).join('\n').matchAll(/^\s+(\d+)\s+([A-Za-z]+)\s+-?\d+\.\d+\s+(-?\d+\.\d+)\s*$/gm)];
  const charges: NonNullable<ParsedOutput['mulliken']> = [];
  for (const m of rows) {
    if (Number(m[1]) !== charges.length + 1) break;
    charges.push({ index: Number(m[1]), element: normaliseElement(m[2]!) ?? m[2]!, charge: Number(m[3]) });
  }
  return charges.length ? charges : null;
}

/** FORCE's vibrations; MOPAC prints a transition dipole but no km/mol intensity, so intensity stays null. */
function frequencies(text: string): ParsedOutput['frequencies'] {
  const at = text.lastIndexOf('DESCRIPTION OF VIBRATIONS');
  if (at < 0) return null;
  const modes = [...text.slice(at).matchAll(/^ FREQUENCY\s+(-?\d+\.\d+)/gm)].map((m) => ({ frequency: Number(m[1]), intensity: null }));
  return vibrationsOnly(modes);
}

/** Reads a MOPAC 22 output (`<name>.out`); ETOT comes from ENPART. */
export function parseMopac(output: string): ParsedOutput {
  const parsed = emptyParsed('mopac', '');
  parsed.engineVersion = lastCapture(output, /MOPAC v(\d[\w.]*)/g);
  const heat = lastCapture(output, /FINAL HEAT OF FORMATION =\s+(-?\d+\.\d+) KCAL\/MOL/g);
  parsed.heat_of_formation = heat === null ? null : Number(heat);
  const total = lastCapture(output, /ETOT \(EONE \+ ETWO\)\s+(-?\d+\.\d+) EV/g);
  parsed.final_energy = total === null ? null : Number(total) / HARTREE_TO_EV;
  const optimisationRan = !/\b1SCF\b/.test(output.slice(0, 4000)) && !/FORCE\s+LET/.test(output.slice(0, 4000));
  parsed.optimized = optimisationRan && output.includes('GRADIENT NORM') && !/NOT SATISFIED|EXCESS NUMBER OF OPTIMIZATION CYCLES/.test(output);
  parsed.geometry = finalGeometry(output);
  parsed.orbitals = orbitals(output);
  parsed.dipole = dipole(output);
  parsed.mulliken = mulliken(output);
  const orientation = mopacForceOrientation(output);
  parsed.frequencies = withDisplacements(frequencies(output), mopacDisplacements(output, orientation.length));
  parsed.vibration_geometry = orientation.length ? orientation : null;
  parsed.thermochemistry = mopacThermo(output, parsed.final_energy);
  parsed.imaginary_count = parsed.frequencies ? parsed.frequencies.filter((f) => f.frequency < 0).length : null;
  const wall = lastCapture(output, /WALL-CLOCK TIME\s*=\s*([\d.]+) SECONDS/g);
  parsed.seconds = wall === null ? null : Number(wall);
  parsed.warnings = optimisationWarnings(parsed, optimisationRan);
  if (parsed.heat_of_formation === null) throw new Error('MOPAC 输出中没有找到生成热');
  return parsed;
}
