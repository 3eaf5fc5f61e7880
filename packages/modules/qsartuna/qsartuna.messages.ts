import { defineMessages } from '@yunyao/contract';

/** The QSAR build's texts (ids `qsartuna.*`): the spec's file messages (document 2, section 5), the form's own and what python/yunyao/qsar reports. */
export const QSARTUNA_MESSAGES = defineMessages('qsartuna', {
  fileMissing: { zh: '请上传csv/sdf文件！', en: 'Please upload a .csv or .sdf file.' },
  cosMissing: { zh: '请选择数据中心csv/sdf文件！', en: 'Please choose a .csv or .sdf file from the data center.' },
  modeMissing: { zh: '请选择建模类型（回归或分类）！', en: 'Please choose the model type (regression or classification).' },
  smilesColMissing: { zh: '请选择 SMILES 列！', en: 'Please choose the SMILES column.' },
  labelsColMissing: { zh: '请选择标签列！', en: 'Please choose the label column.' },
  sameColumns: { zh: 'SMILES 列与标签列不能相同！', en: 'The SMILES and label columns must differ.' },
  descriptorsMissing: { zh: '请至少选择一种描述符！', en: 'Please choose at least one descriptor.' },
  descriptorUnknown: { zh: '未知的描述符：{name}', en: 'Unknown descriptor: {name}.' },
  descriptorUnavailable: { zh: '描述符 {name} 在本平台不可用：{reason}', en: 'The descriptor {name} is not available on this platform: {reason}' },
  avalonReason: { zh: 'Debian 打包的 RDKit 未编译 Avalon 工具包', en: "Debian's RDKit is built without the Avalon toolkit." },
  jazzyReason: { zh: 'Jazzy 没有 Debian 软件包', en: 'Jazzy is not packaged for Debian.' },
  algorithmsMissing: { zh: '请至少选择一种算法！', en: 'Please choose at least one algorithm.' },
  algorithmWrongMode: { zh: '算法 {name} 不适用于{mode}模型！', en: 'The algorithm {name} does not fit a {mode} model.' },
  modeRegression: { zh: '回归', en: 'regression' },
  modeClassification: { zh: '分类', en: 'classification' },
  trialsRange: { zh: '搜索次数须为 {min}–{max} 的整数！', en: 'The number of search trials must be a whole number from {min} to {max}.' },
  timeBudgetRange: { zh: '搜索时间上限须为 {min}–{max} 分钟的整数！', en: 'The search time limit must be a whole number of minutes from {min} to {max}.' },
  seedRange: { zh: '随机种子须为 {min}–{max} 的整数！', en: 'The random seed must be a whole number from {min} to {max}.' },
  nameTooLong: { zh: '模型名称不能超过 {max} 个字符！', en: 'The model name may have at most {max} characters.' },
  // python/yunyao/qsar reports these
  tableUnreadable: { zh: '无法读取训练表 {file}：{error}', en: 'The training table {file} cannot be read: {error}.' },
  tableEmpty: { zh: '训练表 {file} 中没有数据行', en: 'The training table {file} holds no data rows.' },
  columnMissing: { zh: '训练表 {file} 中没有列 “{column}”（现有列：{columns}）', en: 'The training table {file} has no column “{column}” (its columns: {columns}).' },
  labelNotNumeric: { zh: '回归模式的标签须为数值：列 “{column}” 第 {line} 行的值 “{value}” 不是数值', en: 'Regression labels must be numbers: the value “{value}” in column “{column}” on line {line} is not a number.' },
  tooManyClasses: { zh: '分类模式的标签须恰有两类，列 “{column}” 有 {count} 种取值（如：{examples}）', en: 'Classification labels must have exactly two classes; column “{column}” has {count} distinct values (e.g. {examples}).' },
  constantLabel: { zh: '标签列 “{column}” 的值全部相同（{value}），无法建模', en: 'Every label in column “{column}” is the same ({value}); there is nothing to model.' },
  tooFewRows: { zh: '可用于建模的分子只有 {usable} 个（至少需要 {min} 个；标签为空的行 {empty} 行，无法解析的分子 {unreadable} 个）', en: 'Only {usable} molecules can be used for modelling (at least {min} are needed; {empty} rows have an empty label, {unreadable} molecules cannot be read).' },
  noTrialCompleted: { zh: '超参数搜索的所有试验均失败，未得到可用的模型', en: 'Every trial of the hyper-parameter search failed; no model could be built.' },
});
