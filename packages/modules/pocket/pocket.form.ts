import { z } from 'zod';
import { defineForm } from '../types.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, PROTEIN_SOURCE_MESSAGES_EN, proteinSourceParams } from '../shared/protein-source.ts';
import { pocketMeta } from './pocket.meta.ts';

export const pocketParams = z.object(proteinSourceParams).superRefine(checkProteinIds);
export type PocketParams = z.infer<typeof pocketParams>;

/** Server pocket prediction (POST /api/protein/pockets): the docking page polls the task for its pocket table. */
export const pocketForm = defineForm({
  ...pocketMeta,
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'paged',
  files: [PROTEIN_FILE_FIELD],
  proteinSource: PROTEIN_FILE_FIELD,
  params: pocketParams,
  messagesEn: PROTEIN_SOURCE_MESSAGES_EN,
});
