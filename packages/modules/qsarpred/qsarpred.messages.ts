import { defineMessages } from '@yunyao/contract';

/** QSAR prediction's texts (ids `qsarpred.*`): the model choice and what python/yunyao/qsar/predict.py reports; the molecule source's are shared. */
export const QSARPRED_MESSAGES = defineMessages('qsarpred', {
  modelMissing: { zh: '请选择 QSAR 模型！', en: 'Please choose a QSAR model.' },
  modelNotFound: { zh: 'QSAR 模型不存在或已删除！', en: 'The QSAR model does not exist or was deleted.' },
  // python/yunyao/qsar reports these
  modelUnreadable: { zh: '无法读取模型文件 {file}：它不是本平台构建的 QSAR 模型', en: 'The model file {file} cannot be read: it is not a QSAR model built by this platform.' },
  modelFormat: { zh: '模型文件的格式为 {format}，本版本只读取 {expected}，请重新构建模型', en: "The model file's format is {format}; this version reads {expected} only. Please build the model again." },
  modelVersion: { zh: '模型由 {library} {saved} 构建，当前为 {installed}，版本不兼容，请重新构建模型', en: 'The model was built with {library} {saved} and this platform has {installed}; they are not compatible. Please build the model again.' },
  modelClassRefused: { zh: '模型文件含有不允许的对象类型 {name}，已拒绝读取', en: 'The model file holds an object of a type that is not allowed ({name}); it was not read.' },
  noMolecules: { zh: '输入文件中没有可读取的分子', en: 'The input files hold no readable molecule.' },
  notSmilesFile: { zh: '文件格式错误：QSAR 预测只接受 SMILES 文件（.smi/.csv/.tsv/.txt），请重新上传（{file}）', en: 'Wrong file format: QSAR prediction takes SMILES files only (.smi/.csv/.tsv/.txt); please upload again ({file}).' },
});
