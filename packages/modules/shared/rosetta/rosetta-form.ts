import { z } from 'zod';
import { bothLanguages } from '@yunyao/contract';
import type { FileFieldSpec } from '../../types.ts';
import { MB } from '../file-names.ts';
import { SHARED_MESSAGES } from '../shared.messages.ts';
import { ROSETTA_MESSAGES } from './rosetta.messages.ts';

// The browser-safe half the two Rosetta forms share: their params, protein and flags fields.
export { supportedOptions, NSTRUCT_MAX, type RosettaModule } from './rosetta-flags.ts';

/** The spec's multipart fields: `protein_source=file` (the only source) beside the files. */
export const rosettaParams = z.object({ protein_source: z.enum(['file']).default('file') });

export const ROSETTA_PROTEIN_FIELD: FileFieldSpec = {
  field: 'protein',
  extensions: ['.pdb'],
  min: 1,
  max: 1,
  maxBytes: 20 * MB,
  requiredMessage: bothLanguages(SHARED_MESSAGES.proteinFileMissing),
  // Binary, garbage or protein-free structures are refused at submission, as on every protein form.
  contentCheck: 'protein',
};

export const ROSETTA_FLAGS_FIELD: FileFieldSpec = {
  field: 'flags',
  extensions: ['.flags', '.txt'],
  min: 1,
  max: 1,
  maxBytes: 1 * MB,
  requiredMessage: bothLanguages(ROSETTA_MESSAGES.flagsMissing),
};


/** A Rosetta structure's row: its rank by total score, name, total score (REU) and output PDB. */
export const rosettaRowSchema = z
  .looseObject({
    rank: z.number().describe('1 = lowest total score'),
    name: z.string().describe('The structure’s name in the score file'),
    total_score: z.number().describe('Total score, Rosetta energy units'),
    file: z.string().nullable().describe('Its output PDB'),
  })
  .describe('Rosetta Minimize or Packer row');

export type RosettaRow = z.infer<typeof rosettaRowSchema>;
