import { defineMessages } from '@yunyao/contract';

/** The pharmacophore module's texts (ids `pharmer.*`); the protein, molecule and ligand sources' are shared. */
export const PHARMER_MESSAGES = defineMessages('pharmer', {
  pdbId4Missing: { zh: '请输入4位PDB ID！', en: 'Please enter the 4-character PDB id.' },
  featuresInvalid: { zh: '请至少保留 {min} 个药效团特征！', en: 'Please keep at least {min} pharmacophore features.' },
  filterInvalid: { zh: '结果保留排名须为 {min}–{max} 的整数！', en: 'The retention rank must be a whole number from {min} to {max}.' },
  referenceTypeInvalid: { zh: '请上传 .sdf、.mol2 或 .pdb 格式的参考配体文件！', en: 'Please upload the reference ligand as .sdf, .mol2 or .pdb.' },
  referenceNoMolecule: { zh: '参考配体文件 {file} 无法读取：文件中没有分子', en: 'The reference ligand file {file} cannot be read: it holds no molecule.' },
  referencePdbNoAtoms: { zh: '参考配体文件 {file} 无法读取：PDB 中没有可用的原子', en: 'The reference ligand file {file} cannot be read: the PDB has no usable atoms.' },
  referenceTypeUnsupported: { zh: '参考配体文件 {file} 格式不支持：请上传 .sdf、.mol2 或 .pdb 格式的配体文件', en: 'The reference ligand file {file} has an unsupported format: please upload the ligand as .sdf, .mol2 or .pdb.' },
  referenceUnreadable: { zh: '参考配体文件 {file} 无法读取：{reason}', en: 'The reference ligand file {file} cannot be read: {reason}' },
  referenceNot3d: { zh: '参考配体文件 {file} 没有三维坐标：请上传配体在蛋白中的结合构象（三维 .sdf/.mol2/.pdb）', en: 'The reference ligand file {file} has no 3D coordinates: please upload the ligand in its bound pose in the protein (3D .sdf/.mol2/.pdb).' },
  proteinUnreadable: { zh: '蛋白质文件 {file} 无法读取：{reason}', en: 'The protein file {file} cannot be read: {reason}' },
  proteinNoAtoms: { zh: '蛋白质文件 {file} 无法读取：文件中没有原子坐标（ATOM/HETATM 记录）', en: 'The protein file {file} cannot be read: it has no atom coordinates (ATOM/HETATM records).' },
  ligandFarFromProtein: { zh: '参考配体不在蛋白结合位点附近：离配体最近的蛋白原子有 {distance} Å（应在 {max} Å 以内），请确认参考配体与蛋白使用同一坐标系', en: 'The reference ligand is not near a binding site of the protein: the nearest protein atom is {distance} Å away (it should be within {max} Å); please check that the ligand and the protein share one coordinate frame.' },
  featuresUnknown: { zh: '药效团特征 {features} 不在查询中（可选：{known}）', en: 'The pharmacophore features {features} are not in the query (available: {known}).' },
  tooFewEnabled: { zh: '至少需要启用 2 个药效团特征', en: 'At least 2 pharmacophore features must be enabled.' },
  queryReferenceUnreadable: { zh: '药效团查询中的参考配体结构无法读取', en: 'The reference ligand structure in the pharmacophore query cannot be read.' },
  queryUnreadable: { zh: '药效团查询文件无法读取：{detail}', en: 'The pharmacophore query file cannot be read: {detail}' },
  noScreenable: { zh: '没有可以筛选的分子：全部 {count} 个分子都无法处理（第一个原因：{reason}）', en: 'No molecule can be screened: none of the {count} molecules could be processed (first reason: {reason}).' },
  tooFewFeatures: { zh: '参考配体只有 {count} 个药效团特征，至少需要 {min} 个才能构建药效团查询', en: 'The reference ligand has only {count} pharmacophore features; at least {min} are needed to build a query.' },
  tooManyReferences: { zh: '参考配体最多上传 2 个文件', en: 'At most 2 reference ligand files can be uploaded.' },
  rescoreFailed: { zh: 'Vina 无法在受体中优化叠合构象：{detail}', en: 'Vina could not optimise the aligned poses in the receptor: {detail}' },
});
