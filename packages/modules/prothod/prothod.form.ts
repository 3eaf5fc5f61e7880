import { z } from 'zod';
import { QmInputError } from '@yunyao/quantum';
import { defineForm } from '../types.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { parseProthodRequest } from './keyword-mode.ts';
import { prothodMeta } from './prothod.meta.ts';

// The keyword mode's table rules and upload checks, for the browser (`@yunyao/modules/forms/prothod`).
export * from './keyword-mode.ts';

const optionalText = z.string().trim().max(200).optional();

/** `POST /api/prothod` fields (spec): soft, keyword (the preview line, e.g. `opt DFTB`), charge and spinm, compute. */
export const prothodParams = z
  .object({
    soft: optionalText,
    keyword: z.string({ error: '请选择计算目标与方法！' }).trim().min(1, '请选择计算目标与方法！').max(200),
    charge: optionalText,
    spinm: optionalText,
    compute: optionalText,
  })
  .superRefine((params, ctx) => {
    try {
      parseProthodRequest(params);
    } catch (error) {
      if (!(error instanceof QmInputError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: error.zh });
    }
  });
export type ProthodParams = z.infer<typeof prothodParams>;

/** Quantum chemistry, keyword mode (/prothod, /calculate/quantum). */
export const prothodForm = defineForm({
  ...prothodMeta,
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'paged',
  files: [XYZ_FILE_FIELD],
  params: prothodParams,
  messagesEn: { '请选择计算目标与方法！': 'Please choose a target and a method!' },
});
