import { z } from 'zod';
import { bothLanguages } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { vaspMeta } from './vasp.meta.ts';
import { VASP_MESSAGES } from './vasp.messages.ts';

/** The most cores a VASP task may ask for, and hours it may hold for. */
export const VASP_LIMITS = { coresMax: 16, hoursMax: 48 } as const;

/** The spec's multipart field `vasp`: one .zip holding INCAR, POSCAR, KPOINTS and POTCAR. */
export const VASP_ARCHIVE_FIELD: FileFieldSpec = {
  field: 'vasp',
  extensions: ['.zip'],
  min: 1,
  max: 1,
  maxBytes: 50 * MB,
  requiredMessage: bothLanguages(VASP_MESSAGES.zipMissing),
};

/**
 * Beside the archive: the cores VASP runs on (more than one needs the operator's MPI) and the hours
 * the task may run, which is what its cost is held for (a VASP run's length cannot be told from its inputs).
 */
export const vaspParams = z.object({
  cores: z.coerce.number().int().min(1).max(VASP_LIMITS.coresMax).default(1),
  hours: z.coerce.number().min(0.1).max(VASP_LIMITS.hoursMax).default(1),
});
export type VaspParams = z.infer<typeof vaspParams>;

/** `POST /api/vasp`. */
export const vaspForm = defineForm({
  ...vaspMeta,
  description: {
    zh: '上传包含 INCAR、POSCAR、KPOINTS、POTCAR 的压缩包，使用平台配置的已授权 VASP 进行第一性原理计算，输出最终能量、收敛情况、最大受力与离子步，并返回 OUTCAR、OSZICAR、vasprun.xml 等文件。VASP 需要用户自有的有效许可证。',
    en: 'Upload a .zip with INCAR, POSCAR, KPOINTS and POTCAR for a first-principles run on the platform’s licensed VASP; returns the final energy, convergence, largest force and ionic steps, with OUTCAR, OSZICAR, vasprun.xml and more. VASP needs your own valid licence.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [VASP_ARCHIVE_FIELD],
  params: vaspParams,
});
