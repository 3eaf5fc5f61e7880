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
  siteNoCoordinates: { zh: '结合位点文件 {file} 中没有可读取的坐标', en: 'The binding-site file {file} has no readable coordinates.' },
  siteAtomUnreadable: { zh: '结合位点文件 {file} 的 ATOM 行坐标无法读取：{line}', en: 'The coordinates of an ATOM line in the binding-site file {file} cannot be read: {line}' },
  siteEmpty: { zh: '结合位点文件 {file} 为空', en: 'The binding-site file {file} is empty.' },
  siteBoxSize: { zh: '结合位点文件 {file} 的盒子尺寸须在 0–126 Å 之间', en: 'The box sizes in the binding-site file {file} must be between 0 and 126 Å.' },
  siteMalformed: { zh: '结合位点文件 {file} 格式错误：需要表头 {columns} 及一行数值，或每行 x,y,z 三个坐标', en: 'The binding-site file {file} is malformed: it needs the header {columns} and one row of numbers, or x,y,z coordinates on each line.' },
  siteTypeUnsupported: { zh: '结合位点文件 {file} 格式不支持，请上传 .pdb、.mol2、.csv 或 .txt 文件', en: 'The binding-site file {file} has an unsupported format; please upload a .pdb, .mol2, .csv or .txt file.' },
  dockingFailed: { zh: '对接未配位的小分子失败：{detail}', en: 'Docking the unposed molecules failed: {detail}' },
  zipNoPoses: { zh: '压缩包 {file} 中没有 .mol2 或 .sdf 文件', en: 'The archive {file} holds no .mol2 or .sdf file.' },
  ligandTypeUnsupported: { zh: '小分子文件 {file} 格式不支持，请上传 .zip（内含 .mol2）、.mol2、.sdf 或 .csv 文件', en: 'The small-molecule file {file} has an unsupported format; please upload a .zip (of .mol2 files), .mol2, .sdf or .csv file.' },
  noLigands: { zh: '没有可读取的小分子', en: 'There is no readable small molecule.' },
  tooManyLigands: { zh: '小分子数量 {count} 超过上限 {max}', en: '{count} small molecules exceed the limit of {max}.' },
  siteMissing: { zh: '请上传结合位点文件或选择预测口袋！', en: 'Please upload a binding-site file or choose a predicted pocket.' },
  ligandsMissing: { zh: '请上传小分子文件或选择预设分子库！', en: 'Please upload a small-molecule file or choose a preset library.' },
  noReadableLigands: { zh: '没有可读取的小分子（{source}：{reason}）', en: 'There is no readable small molecule ({source}: {reason}).' },
  noneScored: { zh: '没有分子得到打分：{reason}', en: 'No molecule was scored: {reason}' },
  unknownReason: { zh: '未知原因', en: 'unknown reason' },
});
