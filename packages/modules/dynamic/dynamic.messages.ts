import { defineMessages } from '@yunyao/contract';

/** The free-energy module's texts (ids `dynamic.*`); the protein and ligand sources' are shared. */
export const DYNAMIC_MESSAGES = defineMessages('dynamic', {
  receptorFileMissing: { zh: '请上传受体文件！', en: 'Please upload the receptor file.' },
  pdbId6Missing: { zh: '请输入6位PDB序列ID！', en: 'Please enter the PDB id.' },
  saltInvalid: { zh: '请选择盐类型（NaCl 或 KCl）！', en: 'Please choose the salt (NaCl or KCl).' },
  concentrationInvalid: { zh: '盐浓度须为 {min}–{max} mol/L，步长 {step}！', en: 'The salt concentration must be {min}–{max} mol/L in steps of {step}.' },
  equilibrationInvalid: { zh: '平衡时间须为 {min}–{max} ns！', en: 'The equilibration time must be {min}–{max} ns.' },
  productionInvalid: { zh: '动力学时长须为 {min}–{max} ns！', en: 'The production time must be {min}–{max} ns.' },
  ligandTypeInvalid: { zh: '请上传 .mol2 文件的 .zip 压缩包（或单个 .mol2 文件）！', en: 'Please upload a .zip of .mol2 files (or one .mol2 file).' },
  protocolInvalid: { zh: '请选择模拟方案（minimised、fast、standard、precise 或 custom）！', en: 'Please choose the protocol (minimised, fast, standard, precise or custom).' },
  protocolMismatch: { zh: '所选模拟方案与平衡时间、动力学时长不一致，请重新选择方案或选择自定义！', en: 'The chosen protocol does not match the equilibration and production times; choose the protocol again or choose custom.' },
  timestepInvalid: { zh: '积分步长须在 0.5–4 fs 之间', en: 'The integration time step must be between 0.5 and 4 fs.' },
  proteinUnreadable: { zh: '蛋白文件 {file} 不存在或无法读取', en: 'The protein file {file} is missing or cannot be read.' },
  interrupted: { zh: '任务被中止，已保存检查点，重新运行将从中断处继续', en: 'The task was stopped; a checkpoint was saved, and running it again continues from where it stopped.' },
  proteinNoAtoms: { zh: '蛋白文件 {file} 中没有蛋白质原子', en: 'The protein file {file} has no protein atoms.' },
  proteinUnfixable: { zh: '蛋白文件 {file} 无法修复：{detail}', en: 'The protein file {file} cannot be repaired: {detail}' },
  zipNoMol2: { zh: '压缩包 {file} 中没有 .mol2 文件', en: 'The archive {file} holds no .mol2 file.' },
  poseTypeUnsupported: { zh: '输入文件 {file} 格式不支持，请上传 .zip（内含 .mol2）、.mol2 或 .sdf 文件', en: 'The input file {file} has an unsupported format; please upload a .zip (of .mol2 files), .mol2 or .sdf file.' },
  tooManyPoses: { zh: '配体构象共 {count} 个，超过上限 {max} 个', en: '{count} ligand poses exceed the limit of {max}.' },
  // A ligand's row reasons and notes (python/yunyao/dynamic/).
  poseNoAtoms: { zh: '没有原子', en: 'it has no atoms' },
  poseTooFewHeavy: { zh: '重原子少于 2 个，不是配体', en: 'it has fewer than 2 heavy atoms and is not a ligand' },
  fileNoMolecules: { zh: '文件 {file} 中没有分子', en: 'The file {file} holds no molecule.' },
  /** `reason`: a message, or the reader's own words. */
  fileUnparsable: { zh: '文件 {file} 无法解析：{reason}', en: 'The file {file} cannot be parsed: {reason}' },
  ligandFailed: { zh: '配体 {source} 无法计算：{reason}', en: 'The ligand {source} cannot be computed: {reason}' },
  gaffSetupFailed: { zh: 'Open Babel 无法为该分子设置 GAFF 力场', en: 'Open Babel cannot set up the GAFF force field for this molecule' },
  gaffTypeMissing: { zh: '第 {atom} 个原子没有 GAFF 原子类型', en: 'atom {atom} has no GAFF atom type' },
  gaffVdwMissing: { zh: 'gaff.dat 中没有原子类型 {type} 的范德华参数', en: 'gaff.dat has no van der Waals parameters for the atom type {type}' },
  mopacMissing: { zh: '未安装 MOPAC', en: 'MOPAC is not installed' },
  mopacNoOutput: { zh: 'MOPAC 没有输出', en: 'MOPAC wrote no output' },
  mopacNoEsp: { zh: 'MOPAC 输出中没有 ESP 电荷', en: "MOPAC's output has no ESP charges" },
  mopacEspCount: { zh: 'MOPAC 的 ESP 电荷数与原子数不符', en: "the number of MOPAC's ESP charges differs from the number of atoms" },
  /** Why the ligand got Gasteiger charges instead of AM1-ESP (the result's chargeNote), when MOPAC itself broke; `detail`: its error. */
  mopacFailed: { zh: 'MOPAC 运行失败：{detail}', en: 'MOPAC failed: {detail}' },
});
