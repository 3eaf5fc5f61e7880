import { defineMessages } from '@yunyao/contract';

/** The optimisation module's texts (ids `perform.*`); the output-name and molecule-source ones are shared. */
export const PERFORM_MESSAGES = defineMessages('perform', {
  filesMissing: { zh: '请上传输入文件！', en: 'Please upload an input file.' },
  formatInvalid: { zh: '文件格式错误,请确认文件格式并重新上传!', en: 'File format error, please check the file and upload again.' },
  structureMissing: { zh: '请选择输入结构（2D 或 3D）！', en: 'Please choose the input structure (2D or 3D).' },
  typedNeeds2d: { zh: '输入的 SMILES 没有坐标，请选择 2D 输入结构！', en: 'Typed SMILES have no coordinates; please choose 2D input.' },
  notRdkit: { zh: '无法转换为 RDKit 分子', en: 'cannot be converted to an RDKit molecule' },
  no3d: { zh: '没有三维坐标，请将输入结构选择为2D', en: 'there are no 3D coordinates; please choose 2D as the input structure' },
  smilesInvalidAt: { zh: 'SMILES “{smiles}” 无效：{reason}（第 {line} 行）', en: 'the SMILES “{smiles}” is invalid: {reason} (line {line})' },
  inputFormatUnsupported: { zh: '文件格式错误,请确认文件格式并重新上传!（{file}：{structure}结构仅支持 {exts}）', en: 'Wrong file format; please check it and upload again. ({file}: {structure} structures accept only {exts})' },
  embedFailed: { zh: 'ETKDG 无法为该分子生成三维构象', en: 'ETKDG cannot generate a 3D conformer for this molecule' },
  /** `reason`: why the molecule could not be optimised or written (a message, or a text). */
  notWritten: { zh: '{reason}，该分子未写入结果', en: '{reason}; the molecule was not written to the result.' },
  noneOptimised: { zh: '没有任何分子完成优化：{reasons}', en: 'No molecule was optimised: {reasons}' },
});
