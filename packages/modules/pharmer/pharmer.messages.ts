import { defineMessages } from '@yunyao/contract';

/** The pharmacophore module's texts (ids `pharmer.*`); the protein, molecule and ligand sources' are shared. */
export const PHARMER_MESSAGES = defineMessages('pharmer', {
  pdbId4Missing: { zh: '请输入4位PDB ID！', en: 'Please enter the 4-character PDB id.' },
  featuresInvalid: { zh: '请至少保留 {min} 个药效团特征！', en: 'Please keep at least {min} pharmacophore features.' },
  filterInvalid: { zh: '结果保留排名须为 {min}–{max} 的整数！', en: 'The retention rank must be a whole number from {min} to {max}.' },
  referenceTypeInvalid: { zh: '请上传 .sdf、.mol2 或 .pdb 格式的参考配体文件！', en: 'Please upload the reference ligand as .sdf, .mol2 or .pdb.' },
});
