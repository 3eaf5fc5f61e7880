import { defineMessages } from '@yunyao/contract';

/** QSAR prediction's texts (ids `qsarpred.*`): the model choice and what python/yunyao/qsar/predict.py reports; the molecule source's are shared. */
export const QSARPRED_MESSAGES = defineMessages('qsarpred', {
  modelMissing: { zh: '请选择 QSAR 模型！', en: 'Please choose a QSAR model.' },
  modelNotFound: { zh: 'QSAR 模型不存在或已删除！', en: 'The QSAR model does not exist or was deleted.' },
});
