import { defineMessages } from '@yunyao/contract';

/** The ADMET module's texts (ids `admet.*`): what python/yunyao/admet reports; the molecule source's are shared. */
export const ADMET_MESSAGES = defineMessages('admet', {
  /** `detail`: which model file, for the administrator. */
  modelsMissing: {
    zh: 'ADMET 模型文件缺失或与当前版本不符，请联系管理员（{detail}）',
    en: 'The ADMET model files are missing or do not match this version; please contact the administrator ({detail}).',
  },
  notSmilesFile: {
    zh: '文件格式错误：ADMET 预测只接受 SMILES 文件（.smi/.csv/.tsv/.txt），请重新上传（{file}）',
    en: 'Wrong file format: ADMET prediction takes SMILES files only (.smi/.csv/.tsv/.txt); please upload again ({file}).',
  },
  tooManyMolecules: { zh: '输入分子数超过上限 {max} 个，请拆分文件后分批提交', en: 'More than {max} molecules; please split the file and submit the parts one by one.' },
  noMolecules: { zh: '输入文件中没有可读取的分子', en: 'The input files hold no readable molecule.' },
  /** `records`: how many there were, `example`: the first one's problem. */
  noParsableMolecules: {
    zh: '输入中没有可解析的分子（共 {records} 条记录，例如：{example}），请检查 SMILES 后重新提交',
    en: 'None of the {records} records can be read (for example: {example}); please check the SMILES and submit again.',
  },
});
