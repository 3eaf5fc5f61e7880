import { z } from 'zod';
import { QmInputError } from '@yunyao/quantum';
import { bilingualRef } from '@yunyao/contract';
import { PROTHOD_MESSAGES } from './prothod.messages.ts';
import { defineForm } from '../types.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { preoptParams } from '../shared/xtb-preopt.ts';
import { parseProthodRequest } from './keyword-mode.ts';
import { prothodMeta } from './prothod.meta.ts';

// The keyword mode's table rules and upload checks, for the browser (`@yunyao/modules/forms/prothod`).
export * from './keyword-mode.ts';

const optionalText = z.string().trim().max(200).optional();

/** `POST /api/prothod` fields (spec): soft, keyword (the preview line, e.g. `opt DFTB`), charge and spinm, compute. */
export const prothodParams = z
  .object({
    soft: optionalText,
    keyword: z.string({ error: PROTHOD_MESSAGES.keywordMissing }).trim().min(1, PROTHOD_MESSAGES.keywordMissing).max(200),
    charge: optionalText,
    spinm: optionalText,
    compute: optionalText,
    /** 先用 xtb (GFN2) 预优化: a billed GFN2-xTB optimisation of each molecule before the main engine. */
    ...preoptParams,
  })
  .superRefine((params, ctx) => {
    try {
      parseProthodRequest(params);
    } catch (error) {
      if (!(error instanceof QmInputError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: bilingualRef(error) });
    }
  });
export type ProthodParams = z.infer<typeof prothodParams>;

/** Quantum chemistry, keyword mode (/prothod, /calculate/quantum). */
export const prothodForm = defineForm({
  ...prothodMeta,
  description: {
    zh: '上传 .xyz 结构，选择计算目标（单点、优化、频率）与方法：PM3（MOPAC）、DFTB（以 GFN2-xTB 计算，xtb 程序），或常用方法加基组（已配置 ORCA 时用 ORCA，否则 NWChem）。每个分子给出能量、轨道、偶极与频率。',
    en: 'Upload .xyz structures and choose a target (single point, optimisation, frequencies) and a method: PM3 (MOPAC), DFTB (run as GFN2-xTB with xtb), or a common method with a basis set (ORCA when licensed, else NWChem). Each molecule gets its energy, orbitals, dipole and frequencies.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'paged',
  files: [XYZ_FILE_FIELD],
  params: prothodParams,
});
