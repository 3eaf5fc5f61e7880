import { defineMessages } from '@yunyao/contract';

/**
 * The texts several modules share: the protein, small-molecule and posed-ligand source radios,
 * the pocket table, output file names, a workflow step's filter. Each module's own texts are
 * in `<code>/<code>.messages.ts`; how to add one is in docs/architecture.md ("Messages").
 * `{name}` placeholders are filled where the message is raised.
 */
export const SHARED_MESSAGES = defineMessages('shared', {
  // The protein source (shared/protein-source.ts).
  proteinFileMissing: { zh: '请上传蛋白质文件！', en: 'Please upload a protein file.' },
  proteinCosMissing: { zh: '请选择数据中心蛋白质文件！', en: 'Please choose a protein file from the data center.' },
  pdbIdMissing: { zh: '请输入蛋白质pdbid！', en: 'Please enter the 4-character PDB id.' },
  uniprotIdMissing: { zh: '请输入六位蛋白质pdbid！', en: 'Please enter the 6-character UniProt id.' },
  proteinSourceInvalid: { zh: '请选择蛋白质来源！', en: 'Please choose where the protein comes from.' },
  // The small-molecule source (shared/molecule-source.ts).
  typedMoleculesMissing: { zh: '请输入化合物分子式！', en: 'Please enter compound SMILES.' },
  typedMoleculesTooMany: { zh: '最多输入 {max} 个分子，更多分子请上传 .csv 文件！', en: 'At most {max} molecules can be typed; upload a .csv file for more.' },
  typedSmilesTooLong: { zh: '每个分子的 SMILES 不能超过 {max} 个字符！', en: "Each molecule's SMILES may have at most {max} characters." },
  typedTextTooLong: { zh: '输入的分子文本不能超过 {max} 个字符，更多分子请上传 .csv 文件！', en: 'The typed molecules may have at most {max} characters; upload a .csv file for more.' },
  moleculeFileMissing: { zh: '请上传.csv格式的小分子文件！', en: 'Please upload a .csv file of small molecules.' },
  moleculeCosMissing: { zh: '请选择数据中心小分子文件！', en: 'Please choose a small-molecule file from the data center.' },
  moleculeSourceInvalid: { zh: '请选择小分子来源！', en: 'Please choose where the molecules come from.' },
  moleQueryMissing: { zh: '请设置数据库筛选条件！', en: 'Please set the library filter.' },
  moleQueryEmpty: { zh: '数据库筛选结果为空，请调整筛选条件！', en: 'The library filter matches no molecule; please widen it.' },
  // The posed-ligand source of the pharmacophore and free-energy pages (shared/ligand-source.ts).
  ligandFileMissing: { zh: '请上传配体文件！', en: 'Please upload the ligand file.' },
  ligandCosMissing: { zh: '请选择数据中心配体文件！', en: 'Please choose a ligand file from the data center.' },
  // Pockets chosen from the pocket table (shared/pocket-sites.ts).
  siteInvalid: { zh: '对接口袋数据格式错误，请重新选择口袋！', en: 'The pocket data are malformed; please choose the pockets again.' },
  tooManySites: { zh: '最多选择 {max} 个口袋！', en: 'Choose at most {max} pockets.' },
  // Output file names (shared/file-names.ts).
  outputNameTooLong: { zh: '输出文件名称不能超过{max}个字符！', en: 'The output file name must not exceed {max} characters.' },
  outputNameBadChars: { zh: '输出文件名称不能包含路径分隔符或特殊字符！', en: 'The output file name must not contain path separators or special characters.' },
  outputNameMissing: { zh: '请输入输出文件名称及格式！', en: 'Please enter the output file name and format.' },
  // A workflow step's filter (shared/workflow-step.ts).
  workflowFilterInvalid: { zh: '结果保留数量须为 {min}–{max} 的整数！', en: 'Molecules kept must be a whole number from {min} to {max}.' },
});

/**
 * What the Python step programs report through python/yunyao/common.py (the `YUNYAO_*ERROR: `
 * line carries the id and its parameters; the worker keeps both and the server renders them in
 * the reader's language). A module's own step failures are in its `<code>.messages.ts`.
 */
export const COMMON_STEP_MESSAGES = defineMessages('common', {
  unexpectedFailure: {
    zh: '内部错误：计算程序意外中断，本次不收费，详细信息已记入任务日志，请稍后重试或联系管理员',
    en: 'Internal error: the program stopped unexpectedly. You are not charged; the details are in the task log. Please retry later or contact the administrator.',
  },
  outOfMemory: { zh: '内存不足，请减少输入分子数量后重试', en: 'Out of memory; please submit fewer molecules and retry.' },
  /** `detail`: the program's own words (a text not yet given an id). */
  internal: { zh: '内部错误：{detail}', en: 'Internal error: {detail}' },
  manifestNotJson: { zh: '内部错误：输入清单不是合法 JSON（{error}）', en: 'Internal error: the input manifest is not valid JSON ({error}).' },
  manifestMalformed: { zh: '内部错误：输入清单格式错误', en: 'Internal error: the input manifest is malformed.' },
  inputOutsideTask: { zh: '内部错误：输入路径不在任务目录内：{path}', en: "Internal error: an input path lies outside the task's folder: {path}" },
  inputMissing: { zh: '请上传输入文件！', en: 'Please upload an input file.' },
  inputUnreadable: { zh: '输入文件 {file} 不存在或无法读取', en: 'The input file {file} is missing or cannot be read.' },
  notText: { zh: '输入文件 {file} 不是文本文件，请确认文件格式并重新上传', en: 'The input file {file} is not a text file; please check its format and upload it again.' },
  noMolecules: { zh: '输入文件 {file} 中没有可读取的分子', en: 'The input file {file} holds no readable molecule.' },
  tableMalformed: { zh: '输入文件 {file} 第 {line} 行表格格式错误：{error}', en: 'The table in {file} is malformed at line {line}: {error}' },
  noSmilesColumn: {
    zh: '输入文件 {file} 的表头中没有 SMILES 列（表头：{header}），请将 SMILES 所在列命名为 smiles',
    en: 'The header of {file} has no SMILES column (header: {header}); please name the SMILES column smiles.',
  },
});
