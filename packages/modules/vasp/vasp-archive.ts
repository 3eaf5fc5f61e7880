import { bilingualRef, messageRef } from '@yunyao/contract';
import { isSymlink, readMember, zipDirectory, zipProblem, ZipMemberError } from '../shared/safe-zip.ts';
import { readIncar, readKpoints, readOrProblem, readPoscar, readPotcar, speciesProblem, type KpointsMode, type Poscar, type PotcarDataset } from './vasp-inputs.ts';
import { VASP_MESSAGES } from './vasp.messages.ts';

/** The four files a VASP run reads, by the names VASP opens. */
export const VASP_INPUTS = ['INCAR', 'POSCAR', 'KPOINTS', 'POTCAR'] as const;
export type VaspInput = (typeof VASP_INPUTS)[number];

/** A checked input archive: the four files' text and what was read of them. */
export interface VaspInputs {
  files: Record<VaspInput, string>;
  incar: Record<string, string>;
  poscar: Poscar;
  kpoints: { mode: KpointsMode; grid?: number[]; points?: number };
  potcar: PotcarDataset[];
}

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? '';

/**
 * Reads an uploaded VASP archive safely (safe-zip.ts: the directory against the shared limits before a
 * byte is inflated, no path out of the archive, each member capped at its declared size, nothing written
 * to disk) and refuses symbolic links; finds INCAR, POSCAR, KPOINTS and POTCAR by name in any folder of
 * it (other members are ignored), once each; reads each as VASP does; and checks that the POSCAR's
 * species pair with the POTCAR's datasets in order. The first problem is an encoded message.
 */
export function readVaspArchive(archive: string, data: Uint8Array): { value: VaspInputs; problem?: undefined } | { problem: string; value?: undefined } {
  const zip = zipProblem(archive, data);
  if (zip) return { problem: bilingualRef(zip) };
  const entries = zipDirectory(data)!;
  const link = entries.find(isSymlink);
  if (link) return { problem: messageRef(VASP_MESSAGES.symlink, { archive, member: link.name }) };
  const found: Partial<Record<VaspInput, (typeof entries)[number]>> = {};
  for (const entry of entries) {
    const name = baseName(entry.name);
    if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) continue;
    const input = VASP_INPUTS.find((known) => known === name);
    if (!input) continue;
    const first = found[input];
    if (first) return { problem: messageRef(VASP_MESSAGES.fileTwice, { archive, file: input, first: first.name, second: entry.name }) };
    found[input] = entry;
  }
  const missing = VASP_INPUTS.find((input) => !found[input]);
  if (missing) return { problem: messageRef(VASP_MESSAGES.fileMissing, { archive, file: missing }) };
  const files = {} as Record<VaspInput, string>;
  for (const input of VASP_INPUTS) {
    let bytes: Uint8Array;
    try {
      bytes = readMember(archive, data, found[input]!);
    } catch (err) {
      if (err instanceof ZipMemberError) return { problem: bilingualRef(err.refusal) };
      throw err;
    }
    if (bytes.includes(0)) return { problem: messageRef(VASP_MESSAGES.notText, { file: input }) };
    files[input] = new TextDecoder().decode(bytes);
  }
  const read = readOrProblem(() => ({
    incar: readIncar(files.INCAR),
    poscar: readPoscar(files.POSCAR),
    kpoints: readKpoints(files.KPOINTS),
    potcar: readPotcar(files.POTCAR),
  }));
  if (read.problem !== undefined) return read;
  const mismatch = speciesProblem(read.value.poscar, read.value.potcar);
  return mismatch ? { problem: mismatch } : { value: { files, ...read.value } };
}
