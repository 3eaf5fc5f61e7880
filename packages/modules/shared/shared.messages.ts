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
  recordUnparsable: { zh: '输入文件 {file} 第 {record} 条记录无法解析：{reason}', en: 'Record {record} of the input file {file} cannot be parsed: {reason}' },
  smilesEmptyAt: { zh: 'SMILES 为空（第 {line} 行）', en: 'the SMILES is empty (line {line})' },
  smilesTooLong: { zh: 'SMILES 长 {length} 个字符，超过上限 {max} 个字符', en: 'The SMILES has {length} characters, more than the limit of {max}.' },
  smilesTooLongAt: { zh: 'SMILES 长 {length} 个字符，超过上限 {max} 个字符（第 {line} 行）', en: 'the SMILES has {length} characters, more than the limit of {max} (line {line})' },
  smilesWhitespaceAt: { zh: 'SMILES “{smiles}” 中包含空白字符（第 {line} 行）', en: 'the SMILES “{smiles}” contains whitespace (line {line})' },
  smilesParenthesesAt: { zh: 'SMILES “{smiles}” 括号不匹配（第 {line} 行）', en: 'the parentheses of the SMILES “{smiles}” do not match (line {line})' },
  reasonFromLine: { zh: '{reason}（第 {line} 行起）', en: '{reason} (record from line {line})' },
  reasonAtLine: { zh: '{reason}（第 {line} 行）', en: '{reason} (line {line})' },
  mdlMalformed: { zh: 'MDL 记录格式错误', en: 'malformed MDL record' },
  mol2Malformed: { zh: 'MOL2 记录格式错误', en: 'malformed MOL2 record' },
  pdbMalformed: { zh: 'PDB 记录格式错误', en: 'malformed PDB record' },
  syntaxError: { zh: '语法错误', en: 'syntax error' },
  mdlNoAtoms: { zh: '记录中没有原子，计数行或原子块格式错误（第 {line} 行起）', en: 'the record has no atoms; its counts line or atom block is malformed (record from line {line})' },
  noMol2Records: { zh: '输入文件 {file} 中没有 @<TRIPOS>MOLECULE 记录，请确认文件格式', en: 'The input file {file} has no @<TRIPOS>MOLECULE record; please check its format.' },
  smilesInvalidAt: { zh: 'SMILES “{smiles}” 无效（第 {line} 行）：{reason}', en: 'the SMILES “{smiles}” is invalid (line {line}): {reason}' },
  fileTypeUnsupported: { zh: '文件格式错误,请确认文件格式并重新上传!（不支持的文件类型：{file}）', en: 'Wrong file format; please check it and upload again. (Unsupported file type: {file})' },
  zipTooManyFiles: { zh: '压缩包 {archive} 中文件过多（{count} 个，最多 {max} 个）', en: 'The archive {archive} holds too many files ({count}; at most {max}).' },
  zipUnsafePath: { zh: '压缩包 {archive} 中的文件路径“{path}”指向压缩包之外，请重新打包后上传', en: 'The path “{path}” in the archive {archive} points outside the archive; please pack it again and upload it.' },
  zipTooLarge: { zh: '压缩包 {archive} 解压后共 {size}，超过上限 {max}', en: 'The archive {archive} unpacks to {size}, more than the limit of {max}.' },
  zipMemberBroken: { zh: '压缩包 {archive} 中的文件 {member} 已损坏或无法解压，请重新打包后上传', en: 'The file {member} in the archive {archive} is damaged or cannot be unpacked; please pack it again and upload it.' },
  notZip: { zh: '{file} 不是有效的 .zip 压缩包，请确认文件格式并重新上传', en: '{file} is not a valid .zip archive; please check its format and upload it again.' },
  atomLineShort: { zh: '原子记录过短，缺少坐标列', en: 'the atom record is too short and lacks the coordinate columns' },
  atomCoordsNotNumbers: { zh: '坐标列（第 31-54 列）不是数字', en: 'the coordinate columns (31–54) are not numbers' },
  atomCoordsNotFinite: { zh: '坐标不是有限数值', en: 'the coordinates are not finite numbers' },
  atomNameMissing: { zh: '缺少原子名（第 13-16 列）', en: 'the atom name (columns 13–16) is missing' },
  residueNameMissing: { zh: '缺少残基名（第 18-20 列）', en: 'the residue name (columns 18–20) is missing' },
  residueNumberMalformed: { zh: '残基编号（第 23-26 列）格式错误', en: 'the residue number (columns 23–26) is malformed' },
  pdbEmpty: { zh: '输入文件 {file} 是空文件，请上传蛋白质 PDB 文件', en: 'The input file {file} is empty; please upload a protein PDB file.' },
  pdbLineUnparsable: { zh: '输入文件 {file} 第 {line} 行无法解析：{reason}（“{text}”）', en: 'Line {line} of the input file {file} cannot be parsed: {reason} (“{text}”)' },
  pdbLineNotPdb: { zh: '输入文件 {file} 第 {line} 行无法解析：不是 PDB 格式的记录（“{text}”），请确认文件格式并重新上传', en: 'Line {line} of the input file {file} cannot be parsed: it is not a PDB record (“{text}”); please check the file format and upload it again.' },
  pdbNoAtoms: { zh: '输入文件 {file} 中没有原子记录（ATOM/HETATM），请上传蛋白质 PDB 文件', en: 'The input file {file} has no atom records (ATOM/HETATM); please upload a protein PDB file.' },
  pdbNoProteinOnly: { zh: '输入文件 {file} 中没有蛋白质原子（只有 {groups}），请上传含蛋白质链（ATOM 记录）的 PDB 文件', en: 'The input file {file} has no protein atoms (only {groups}); please upload a PDB file with protein chains (ATOM records).' },
  pdbNoProtein: { zh: '输入文件 {file} 中没有蛋白质原子，请上传含蛋白质链（ATOM 记录）的 PDB 文件', en: 'The input file {file} has no protein atoms; please upload a PDB file with protein chains (ATOM records).' },
  receptorPdbqtFailed: { zh: '生成受体 PDBQT 失败：{detail}', en: 'Writing the receptor PDBQT failed: {detail}' },
  receptorPdbqtObFailed: { zh: '生成受体 PDBQT 失败（Open Babel）：{detail}', en: 'Writing the receptor PDBQT failed (Open Babel): {detail}' },
  pdbfixerFailed: { zh: 'PDBFixer 处理蛋白质失败：{detail}', en: 'PDBFixer failed on the protein: {detail}' },
  protonationFailed: { zh: '蛋白质加氢失败：pdb2pqr（{pdb2pqr}）与 PDBFixer（{pdbfixer}）均未成功', en: 'Adding hydrogens to the protein failed: neither pdb2pqr ({pdb2pqr}) nor PDBFixer ({pdbfixer}) succeeded.' },
  pdb2pqrTimedOut: { zh: 'pdb2pqr 超过 {seconds} 秒未完成', en: 'pdb2pqr did not finish within {seconds} seconds' },
  pdb2pqrNotRun: { zh: '无法运行 pdb2pqr：{error}', en: 'pdb2pqr cannot be run: {error}' },
  pdb2pqrNoAtoms: { zh: 'pdb2pqr 没有输出任何原子', en: 'pdb2pqr wrote no atoms' },
  vinaCheckTimedOut: { zh: 'Vina 检查超时', en: 'the Vina check timed out' },
  receptorPdbqtEmpty: { zh: '受体 PDBQT 中没有原子，无法用于对接', en: 'The receptor PDBQT has no atoms and cannot be used for docking.' },
  receptorVinaCheckFailed: { zh: '受体 PDBQT 未通过 Vina 检查：{detail}', en: 'The receptor PDBQT failed the Vina check: {detail}' },
  phOutOfRange: { zh: 'pH 值 {ph} 超出范围（0-14）', en: 'The pH {ph} is out of range (0–14).' },
  keepHetInvalid: { zh: '保留的辅因子名称无效：{names}（应为 1-3 位残基名，如 HEM）', en: 'Invalid cofactor names to keep: {names} (each must be a 1–3 character residue name, such as HEM).' },
  // A step's parameters that do not fit the module's schema (python/yunyao/params.py): the platform's fault.
  paramsFileMissing: { zh: '内部错误：参数文件 {file} 不存在', en: 'Internal error: the parameter file {file} does not exist.' },
  paramsFileUnreadable: { zh: '内部错误：参数文件 {file} 无法读取：{error}', en: 'Internal error: the parameter file {file} cannot be read: {error}' },
  paramsSchemaMissing: { zh: '内部错误：参数定义文件 {file} 不存在', en: 'Internal error: the parameter schema file {file} does not exist.' },
  paramsSchemaUnreadable: { zh: '内部错误：参数定义文件 {file} 无法读取：{error}', en: 'Internal error: the parameter schema file {file} cannot be read: {error}' },
  /** `problems`: one problem, or up to three chained by `listed`. */
  paramsMismatch: {
    zh: '内部错误：计算步骤收到的参数不符合模块的参数定义（{file}）：{problems}',
    en: "Internal error: the step received parameters that do not fit the module's parameter schema ({file}): {problems}",
  },
  paramsMismatchMore: {
    zh: '内部错误：计算步骤收到的参数不符合模块的参数定义（{file}）：{problems}等 {count} 处',
    en: "Internal error: the step received parameters that do not fit the module's parameter schema ({file}): {problems}, {count} problems in all",
  },
  paramsSchemaInvalid: { zh: '参数定义本身无效：{detail}', en: 'the parameter schema itself is invalid: {detail}' },
  /** `field`: the parameter's path (a.b), or the parameters as a whole in both languages. */
  paramAboveMaximum: { zh: '参数 {field}：{value} 超过上限 {bound}', en: 'parameter {field}: {value} is above the maximum of {bound}' },
  paramBelowMinimum: { zh: '参数 {field}：{value} 低于下限 {bound}', en: 'parameter {field}: {value} is below the minimum of {bound}' },
  paramNotBelow: { zh: '参数 {field}：{value} 须小于 {bound}', en: 'parameter {field}: {value} must be less than {bound}' },
  paramNotAbove: { zh: '参数 {field}：{value} 须大于 {bound}', en: 'parameter {field}: {value} must be greater than {bound}' },
  paramNotAChoice: { zh: '参数 {field}：{value} 不是可选值（{choices}）之一', en: 'parameter {field}: {value} is not one of {choices}' },
  /** `detail`: the schema validator's own words. */
  paramInvalid: { zh: '参数 {field}：{detail}', en: 'parameter {field}: {detail}' },
  /** Two reasons in a row (`next` may be `listed` again, for more). */
  listed: { zh: '{first}；{next}', en: '{first}; {next}' },
  formatError: { zh: '格式错误', en: 'malformed' },
  noAtoms: { zh: '记录中没有原子', en: 'the record has no atoms' },
});
