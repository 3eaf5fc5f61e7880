/**
 * One CSV row per molecule for spreadsheets: energies, frontier orbitals and the thermochemistry
 * of frequency jobs, in Eh with the kcal/mol figures chemists compare alongside.
 */
import { HARTREE_TO_KCAL_PER_MOL, type QmMoleculeResult } from './result.ts';

const COLUMNS: [string, (m: QmMoleculeResult) => string | number | null | undefined][] = [
  ['name', (m) => m.name],
  ['title', (m) => m.title],
  ['engine', (m) => `${m.engine}${m.engineVersion ? ` ${m.engineVersion}` : ''}`],
  ['level', (m) => m.level],
  ['status', (m) => m.status],
  ['final_energy_Eh', (m) => m.final_energy],
  ['homo_eV', (m) => m.orbitals?.homo],
  ['lumo_eV', (m) => m.orbitals?.lumo],
  ['gap_eV', (m) => m.orbitals?.gap],
  ['dipole_D', (m) => m.dipole?.total],
  ['imaginary_count', (m) => m.imaginary_count],
  ['temperature_K', (m) => m.thermochemistry?.temperature],
  ['pressure_atm', (m) => m.thermochemistry?.pressure],
  ['zpe_Eh', (m) => m.thermochemistry?.zpe],
  ['zpe_kcal_mol', (m) => kcal(m.thermochemistry?.zpe)],
  ['enthalpy_correction_kcal_mol', (m) => kcal(m.thermochemistry?.enthalpy_correction)],
  ['gibbs_correction_kcal_mol', (m) => kcal(m.thermochemistry?.gibbs_correction)],
  ['enthalpy_Eh', (m) => m.thermochemistry?.enthalpy],
  ['gibbs_Eh', (m) => m.thermochemistry?.gibbs],
  ['entropy_cal_mol_K', (m) => m.thermochemistry?.entropy],
  ['heat_capacity_cal_mol_K', (m) => m.thermochemistry?.heat_capacity?.value],
  ['heat_capacity_kind', (m) => m.thermochemistry?.heat_capacity?.kind],
  ['derived_by_platform', (m) => m.thermochemistry?.derived.join(' ')],
];

function kcal(hartree: number | undefined): number | undefined {
  return hartree === undefined ? undefined : Number((hartree * HARTREE_TO_KCAL_PER_MOL).toFixed(4));
}

/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function moleculesCsv(molecules: readonly QmMoleculeResult[]): string {
  const lines = [COLUMNS.map(([name]) => name), ...molecules.map((m) => COLUMNS.map(([, read]) => cell(read(m))))];
  return lines.map((cells) => cells.join(',')).join('\n') + '\n';
}
