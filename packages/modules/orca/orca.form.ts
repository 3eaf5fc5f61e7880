import { z } from 'zod';
import { QmInputError } from '@yunyao/quantum';
import { defineForm } from '../types.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { parseOrcaRequest } from './orca-request.ts';
import { orcaMeta } from './orca.meta.ts';

// The ORCA page's form rules and request builder, for the browser (`@yunyao/modules/forms/orca`).
export * from './form-rules/index.ts';
export * from './orca-request.ts';

const optionalText = z.string().trim().max(200).optional();

/**
 * `POST /api/orca` fields: `keyword` (the ORCA simple-input line, e.g. `! B3LYP def2-SVP Opt`) and
 * `extration` (spec), plus the form's charge, spinm, nprocs, maxcore, solvent, nmr_method, nroots,
 * ir_min and ir_max (docs/api.md). All of it must read as one consistent job.
 */
export const orcaParams = z
  .object({
    keyword: z.string({ error: '请填写 ORCA 关键词行！' }).trim().min(1, '请填写 ORCA 关键词行！').max(500),
    extration: optionalText,
    charge: optionalText,
    spinm: optionalText,
    nprocs: optionalText,
    maxcore: optionalText,
    solvent: optionalText,
    nmr_method: optionalText,
    nroots: optionalText,
    ir_min: optionalText,
    ir_max: optionalText,
    compute: optionalText,
  })
  .superRefine((params, ctx) => {
    try {
      parseOrcaRequest(params);
    } catch (error) {
      if (!(error instanceof QmInputError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: error.zh });
    }
  });
export type OrcaParams = z.infer<typeof orcaParams>;

/** The full ORCA-style form (/calculate/orca). */
export const orcaForm = defineForm({
  ...orcaMeta,
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'paged',
  files: [XYZ_FILE_FIELD],
  params: orcaParams,
  messagesEn: { '请填写 ORCA 关键词行！': 'Please fill in the ORCA keyword line!' },
});
