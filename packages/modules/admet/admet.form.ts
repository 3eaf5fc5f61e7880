import { z } from 'zod';
import { defineForm } from '../types.ts';
import {
  checkTypedMolecules,
  MOLECULE_FILE_FIELD,
  MOLECULE_SOURCE_MESSAGES_EN,
  moleculeSourceParams,
} from '../shared/molecule-source.ts';
import { admetMeta } from './admet.meta.ts';

export const admetParams = z.object(moleculeSourceParams).superRefine(checkTypedMolecules);
export type AdmetParams = z.infer<typeof admetParams>;

/** What the ADMET form accepts; shared by the web form and the server's validation. */
export const admetForm = defineForm({
  ...admetMeta,
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [MOLECULE_FILE_FIELD],
  moleculeSource: MOLECULE_FILE_FIELD,
  params: admetParams,
  messagesEn: MOLECULE_SOURCE_MESSAGES_EN,
});
