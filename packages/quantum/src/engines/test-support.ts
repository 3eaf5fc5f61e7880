/** Shared test inputs: the fixtures' molecules and a job to vary. Not used by production code. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Geometry, QmJob } from '../job.ts';

/** Crawford Group Programming Project #3 water: R(OH) = 1.1 Å, ∠HOH = 104.0° (Å). */
export const WATER: Geometry = {
  name: 'water',
  comment: 'Crawford Project #3',
  atoms: [
    { element: 'O', x: 0, y: -0.075791844, z: 0 },
    { element: 'H', x: 0.866811829, y: 0.601435779, z: 0 },
    { element: 'H', x: -0.866811829, y: 0.601435779, z: 0 },
  ],
};

/** CCCBDB experimental geometry of formaldehyde (r(CO) 1.205 Å, r(CH) 1.111 Å, ∠HCH 116.13°). */
export const FORMALDEHYDE: Geometry = {
  name: 'formaldehyde',
  comment: 'CCCBDB experimental geometry',
  atoms: [
    { element: 'O', x: 0, y: 0, z: 1.205 },
    { element: 'C', x: 0, y: 0, z: 0 },
    { element: 'H', x: 0, y: 0.9429, z: -0.5876 },
    { element: 'H', x: 0, y: -0.9429, z: -0.5876 },
  ],
};

/** Formaldehyde at its RHF/STO-3G minimum, from github.com/tjira/hazel example/molecule/formaldehyde.xyz (Å). */
export const FORMALDEHYDE_RHF_MINIMUM: Geometry = {
  name: 'formaldehyde',
  comment: 'RHF/STO-3G minimum (hazel)',
  atoms: [
    { element: 'C', x: 0.59111805124824, y: 0.01493466920736, z: 0.06805244413809 },
    { element: 'O', x: -0.61723169176226, y: -0.01563528212793, z: -0.07107711955095 },
    { element: 'H', x: 1.08275338982399, y: -0.14053536228553, z: 1.04127941133949 },
    { element: 'H', x: 1.28256025069002, y: 0.20033597520611, z: -0.76895473592664 },
  ],
};

export const BASE_JOB: QmJob = {
  task: 'SP',
  method: 'HF',
  basis: 'STO-3G',
  approximation: 'none',
  charge: 0,
  multiplicity: 1,
  properties: { mulliken: true, dipole: true, homo: true, lumo: true },
  cores: 2,
  memoryPerCoreMb: 500,
};

/** All files of one fixture case (`test-fixtures/<engine>/<name>/`), by name. */
export function fixture(engine: string, name: string): Record<string, string> {
  const dir = join(import.meta.dirname, '../../test-fixtures', engine, name);
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}
