import { defineMessages } from '@yunyao/contract';

/** The docking module's texts (ids `autodock.*`); the protein, molecule and pocket ones are shared. */
export const AUTODOCK_MESSAGES = defineMessages('autodock', {
  siteMissing: { zh: '请选择对接口袋，或填写对接盒子的中心与尺寸！', en: 'Please choose a pocket, or enter the centre and size of the docking box.' },
  boxSizeInvalid: { zh: '对接盒子尺寸须在 1–{max} Å 之间！', en: 'Box edges must be between 1 and {max} Å.' },
  blindPocketsInvalid: {
    zh: '盲对接口袋数须为 {min}–{max} 的整数！',
    en: 'The number of pockets for blind docking must be a whole number from {min} to {max}.',
  },
  blindWithSite: { zh: '盲对接会自动检测口袋，请不要同时选择口袋或填写对接盒子！', en: 'Blind docking finds the pockets itself; do not also choose pockets or enter a box.' },
  noPocket: { zh: '未在蛋白中检测到口袋，无法盲对接；请手动填写对接盒子！', en: 'No pocket was found in the protein, so it cannot be docked blind; please enter a docking box.' },
  /** `label`: the parameter's name in both languages (精确度 / Exhaustiveness). */
  boundedInvalid: { zh: '{label}须为 {min}–{max} 的整数！', en: '{label} must be a whole number from {min} to {max}.' },
  keepHeteroInvalid: {
    zh: '保留的杂原子基团须为 1–3 位字母或数字的残基名（如 HEM、ZN），用逗号分隔！',
    en: 'Hetero groups to keep must be residue names of 1–3 letters or digits (e.g. HEM, ZN), separated by commas.',
  },
  keepHeteroTooMany: { zh: '保留的杂原子基团最多 {max} 种！', en: 'At most {max} kinds of hetero group can be kept.' },
  // The docking step's failures (python/yunyao/autodock/dock.py) and a ligand's row reasons (ligand.py).
  unknownArguments: { zh: '内部错误：未知参数 {args}', en: 'Internal error: unknown arguments {args}' },
  cpuInvalid: { zh: '参数 cpu = {cpu} 必须至少为 1', en: 'The cpu parameter ({cpu}) must be at least 1.' },
  receptorMissing: { zh: '受体文件 {file} 不存在，请先完成蛋白质预处理', en: 'The receptor file {file} does not exist; please prepare the protein first.' },
  receptorPdbMissing: { zh: '受体 PDB 文件 {file} 不存在，请先完成蛋白质预处理', en: 'The receptor PDB file {file} does not exist; please prepare the protein first.' },
  receptorTorsionTree: {
    zh: '受体 PDBQT 格式错误：第 {line} 行是配体的扭转树记录（{record}），受体应为刚性结构',
    en: 'Malformed receptor PDBQT: line {line} is a ligand torsion-tree record ({record}); the receptor must be rigid.',
  },
  receptorNotNumbers: {
    zh: '受体 PDBQT 格式错误：第 {line} 行坐标或电荷不是数字（“{text}”）',
    en: 'Malformed receptor PDBQT: the coordinates or charge on line {line} are not numbers (“{text}”).',
  },
  receptorNotFinite: { zh: '受体 PDBQT 格式错误：第 {line} 行坐标不是有限数值', en: 'Malformed receptor PDBQT: the coordinates on line {line} are not finite numbers.' },
  /** `type`: the atom type, or {zh: 空, en: empty}. */
  receptorAtomType: {
    zh: '受体 PDBQT 格式错误：第 {line} 行原子类型 “{type}” 不被 AutoDock Vina 支持（“{text}”）',
    en: 'Malformed receptor PDBQT: AutoDock Vina does not support the atom type “{type}” on line {line} (“{text}”).',
  },
  receptorNoAtoms: { zh: '受体 PDBQT 中没有原子记录，无法对接', en: 'The receptor PDBQT has no atom records, so nothing can be docked into it.' },
  sitesUnreadable: { zh: '对接位点文件不存在或无法读取', en: 'The docking-site file is missing or cannot be read.' },
  sitesNotJson: { zh: '对接位点文件不是合法 JSON（{error}）', en: 'The docking-site file is not valid JSON ({error}).' },
  sitesEmpty: { zh: '请至少选择一个对接位点（口袋）', en: 'Please choose at least one docking site (pocket).' },
  siteMalformed: { zh: '第 {index} 个对接位点格式错误', en: 'Docking site {index} is malformed.' },
  siteBoxMalformed: { zh: '对接位点 {site} 的中心或尺寸格式错误（需要 3 个数字）', en: 'The centre or size of docking site {site} is malformed (3 numbers are needed).' },
  siteBoxSize: { zh: '对接位点 {site} 的盒子尺寸 {size} 不合理（每边 0-126 Å）', en: 'The box size {size} of docking site {site} is unreasonable (each edge 0–126 Å).' },
  siteDuplicate: { zh: '对接位点名称重复：{site}', en: 'Duplicate docking-site name: {site}' },
  ligandFileType: { zh: '小分子文件 {file} 格式不支持：请上传.csv格式的小分子文件！', en: 'The small-molecule file {file} has an unsupported format; please upload a .csv file of small molecules.' },
  noLigands: { zh: '小分子文件中没有分子，请上传含 smiles 列的 .csv 文件', en: 'The small-molecule file holds no molecule; please upload a .csv file with a smiles column.' },
  vinaMissing: { zh: '内部错误：未安装 AutoDock Vina', en: 'Internal error: AutoDock Vina is not installed.' },
  vinaKilled: {
    zh: 'AutoDock Vina 进程被信号 {signal} 终止（{ligand} / {site}）',
    en: 'The AutoDock Vina process was killed by signal {signal} ({ligand} / {site}).',
  },
  vinaTimedOut: { zh: 'AutoDock Vina 对接失败：超过 {hours} 小时未完成', en: 'AutoDock Vina docking failed: not finished after {hours} hours.' },
  /** `detail`: Vina's own error line, or {zh: 无输出, en: no output}. */
  vinaFailed: { zh: 'AutoDock Vina 对接失败：{detail}', en: 'AutoDock Vina docking failed: {detail}' },
  stopped: {
    zh: '对接任务被终止；已完成的对接结果已保存在检查点中，重新运行将从中断处继续',
    en: 'The docking task was stopped; the finished dockings are saved in the checkpoint, and running it again continues where it stopped.',
  },
  /** `reason`: the first molecule's reason (a message). */
  nothingDocked: { zh: '所有分子均未能完成对接：{reason}', en: 'No molecule could be docked: {reason}' },
  prepFailed: { zh: '分子预处理失败：{error}', en: 'Preparing the molecule failed: {error}' },
  smilesEmpty: { zh: 'SMILES 为空', en: 'The SMILES is empty.' },
  smilesWhitespace: { zh: 'SMILES “{smiles}” 中包含空白字符', en: 'The SMILES “{smiles}” contains whitespace.' },
  smilesSyntax: { zh: 'SMILES “{smiles}” 语法错误，无法解析', en: 'The SMILES “{smiles}” has a syntax error and cannot be parsed.' },
  smilesChemistry: { zh: 'SMILES “{smiles}” 化学结构不合理：{detail}', en: 'The SMILES “{smiles}” is not a sensible chemical structure: {detail}' },
  embedFailed: { zh: '无法生成三维构象（RDKit ETKDG 失败）', en: 'No 3D conformer could be generated (RDKit ETKDG failed).' },
  pdbqtUnreadable: { zh: 'Open Babel 无法读取三维结构，无法生成 PDBQT', en: 'Open Babel cannot read the 3D structure, so no PDBQT can be written.' },
  pdbqtFailed: { zh: 'Open Babel 生成配体 PDBQT 失败', en: 'Open Babel failed to write the ligand PDBQT.' },
  atomTypesUnsupported: { zh: '分子含 AutoDock Vina 不支持的原子类型：{types}', en: 'The molecule has atom types AutoDock Vina does not support: {types}' },
  pdbqtMapFailed: { zh: '配体 PDBQT 与三维结构的原子无法对应', en: "The ligand PDBQT's atoms cannot be matched to the 3D structure." },
  pdbqtHeavyMissing: { zh: '配体 PDBQT 缺少重原子', en: 'The ligand PDBQT lacks heavy atoms.' },
  noHeavyAtoms: { zh: '分子中没有重原子', en: 'The molecule has no heavy atoms.' },
  tooLarge: { zh: '分子过大（{heavy} 个重原子，上限 {max}）', en: 'The molecule is too large ({heavy} heavy atoms; at most {max}).' },
  vinaAtomCount: { zh: 'Vina 输出的原子数与输入配体不一致', en: "Vina's output has a different number of atoms from the input ligand." },
});
