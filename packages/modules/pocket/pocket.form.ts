import { z } from 'zod';
import { defineForm } from '../types.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, proteinSourceParams } from '../shared/protein-source.ts';
import { pocketMeta } from './pocket.meta.ts';

export const pocketParams = z.object(proteinSourceParams).superRefine(checkProteinIds);
export type PocketParams = z.infer<typeof pocketParams>;

/** Server pocket prediction (POST /api/protein/pockets): the docking page polls the task for its pocket table. */
export const pocketForm = defineForm({
  ...pocketMeta,
  description: {
    zh: '基于 α 球（Delaunay 剖分）的几何口袋检测，仅使用蛋白原子；按得分排序给出口袋中心、范围、衬里残基与可成药性。',
    en: 'Geometric pocket detection from alpha spheres (Delaunay tessellation) on protein atoms only; pockets ranked by score with centre, extent, lining residues and druggability.',
  },
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'paged',
  files: [PROTEIN_FILE_FIELD],
  proteinSource: PROTEIN_FILE_FIELD,
  params: pocketParams,
});
