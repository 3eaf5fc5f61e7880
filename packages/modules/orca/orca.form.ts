import { z } from 'zod';
import { QmInputError } from '@yunyao/quantum';
import { bilingualRef } from '@yunyao/contract';
import { ORCA_MESSAGES } from './orca.messages.ts';
import { defineForm } from '../types.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { preoptParams } from '../shared/xtb-preopt.ts';
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
    keyword: z.string({ error: ORCA_MESSAGES.keywordMissing }).trim().min(1, ORCA_MESSAGES.keywordMissing).max(500),
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
    /** 先用 xtb (GFN2) 预优化: a billed GFN2-xTB optimisation of each molecule before the main engine. */
    ...preoptParams,
  })
  .superRefine((params, ctx) => {
    try {
      parseOrcaRequest(params);
    } catch (error) {
      if (!(error instanceof QmInputError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: bilingualRef(error) });
    }
  });
export type OrcaParams = z.infer<typeof orcaParams>;

/** The full ORCA-style form (/calculate/orca). */
export const orcaForm = defineForm({
  ...orcaMeta,
  description: {
    zh: '批量分子的单点、优化与频率计算，可选溶剂、NMR、UV-Vis、IR 与布居分析。已配置授权 ORCA 时运行 ORCA，否则以 NWChem 运行等价计算（无等价选项时提交前提示）。',
    en: 'Single points, optimisations and frequencies for a batch of molecules, with solvent, NMR, UV-Vis, IR and population analysis. Runs ORCA when a licensed installation is configured, else the equivalent NWChem job (options without an equivalent are refused before submission).',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'paged',
  files: [XYZ_FILE_FIELD],
  params: orcaParams,
});
