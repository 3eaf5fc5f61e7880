import { defineMessages } from '@yunyao/contract';

/** The free-energy module's texts (ids `dynamic.*`); the protein and ligand sources' are shared. */
export const DYNAMIC_MESSAGES = defineMessages('dynamic', {
  receptorFileMissing: { zh: '请上传受体文件！', en: 'Please upload the receptor file.' },
  pdbId6Missing: { zh: '请输入6位PDB序列ID！', en: 'Please enter the PDB id.' },
  saltInvalid: { zh: '请选择盐类型（NaCl 或 KCl）！', en: 'Please choose the salt (NaCl or KCl).' },
  concentrationInvalid: { zh: '盐浓度须为 {min}–{max} mol/L，步长 {step}！', en: 'The salt concentration must be {min}–{max} mol/L in steps of {step}.' },
  equilibrationInvalid: { zh: '平衡时间须为 {min}–{max} ns！', en: 'The equilibration time must be {min}–{max} ns.' },
  productionInvalid: { zh: '动力学时长须为 {min}–{max} ns！', en: 'The production time must be {min}–{max} ns.' },
  ligandTypeInvalid: { zh: '请上传 .mol2 文件的 .zip 压缩包（或单个 .mol2 文件）！', en: 'Please upload a .zip of .mol2 files (or one .mol2 file).' },
});
