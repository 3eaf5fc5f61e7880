import { defineMessages } from '@yunyao/contract';

/** The 2D affinity module's texts (ids `graph_dta.*`); the molecule source's are shared. */
export const GRAPH_DTA_MESSAGES = defineMessages('graph_dta', {
  sequenceFileMissing: { zh: '请上传氨基酸序列文件！', en: 'Please upload the amino-acid sequence file.' },
  sequenceCosMissing: { zh: '请选择数据中心氨基酸序列文件！', en: 'Please choose a sequence file from the data center.' },
  modelInvalid: { zh: '请选择预测模型（Davis 或 KIBA）！', en: 'Please choose the model (Davis or KIBA).' },
});
