import { defineMessages } from '@yunyao/contract';

/** The ORCA page's texts (ids `orca.*`); its input rules' words come in both languages from @yunyao/quantum. */
export const ORCA_MESSAGES = defineMessages('orca', {
  keywordMissing: { zh: '请填写 ORCA 关键词行！', en: 'Please fill in the ORCA keyword line!' },
  smilesUnparsable: { zh: '无法解析的 SMILES：{reason}', en: 'Unreadable SMILES: {reason}' },
  moleculeTooLarge: { zh: '分子过大（{heavy} 个重原子，上限 {max}），请上传 .xyz 结构', en: 'The molecule is too large ({heavy} heavy atoms; the limit is {max}); please upload an .xyz structure.' },
  embedFailed: { zh: '无法为该分子生成三维结构，请检查结构或上传 .xyz 文件', en: 'No 3D structure could be generated for this molecule; please check it or upload an .xyz file.' },
});
