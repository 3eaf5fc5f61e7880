import { defineMessages } from '@yunyao/contract';

/** The 3D affinity module's texts (ids `sign.*`); the protein-source and pocket ones are shared. */
export const SIGN_MESSAGES = defineMessages('sign', {
  ligandFileMissing: { zh: '请上传小分子文件！', en: 'Please upload the small-molecule file.' },
  ligandCosMissing: { zh: '请选择数据中心小分子文件！', en: 'Please choose a small-molecule file from the data center.' },
  ligandZipTooLarge: { zh: '请上传10M以内的.zip文件！', en: 'Please upload a .zip under 10M.' },
  presetMissing: { zh: '请选择预设小分子库（ZINC 或 APPROVED）！', en: 'Please choose a preset library (ZINC or APPROVED).' },
  pocketFileMissing: { zh: '请上传结合位点文件！', en: 'Please upload the binding-site file.' },
  pocketCosMissing: { zh: '请选择数据中心结合位点文件！', en: 'Please choose a binding-site file from the data center.' },
  predictedPocketMissing: { zh: '请在口袋表格中选择一个预测口袋！', en: 'Please choose a predicted pocket in the pocket table.' },
  accuracyInvalid: { zh: '精确度须为 {min}–{max} 的整数！', en: 'Accuracy must be a whole number from {min} to {max}.' },
});
