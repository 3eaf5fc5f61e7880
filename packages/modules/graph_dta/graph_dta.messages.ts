import { defineMessages } from '@yunyao/contract';

/** The 2D affinity module's texts (ids `graph_dta.*`); the molecule source's are shared. */
export const GRAPH_DTA_MESSAGES = defineMessages('graph_dta', {
  sequenceFileMissing: { zh: '请上传氨基酸序列文件！', en: 'Please upload the amino-acid sequence file.' },
  sequenceCosMissing: { zh: '请选择数据中心氨基酸序列文件！', en: 'Please choose a sequence file from the data center.' },
  modelInvalid: { zh: '请选择预测模型（Davis 或 KIBA）！', en: 'Please choose the model (Davis or KIBA).' },
  // The prediction step's refusals and row reasons (python/yunyao/graph_dta/).
  sequenceBadLetter: {
    zh: '文件 {file} 的蛋白序列第 {pos} 位是“{letter}”，不是氨基酸单字母代码（应为 {letters}）',
    en: 'Position {pos} of the protein sequence in {file} is “{letter}”, which is not a one-letter amino-acid code (expected one of {letters}).',
  },
  sequenceTooShort: { zh: '文件 {file} 的蛋白序列只有 {length} 个氨基酸，至少需要 {min} 个', en: 'The protein sequence in {file} has only {length} amino acids; at least {min} are needed.' },
  sequenceTooLong: { zh: '文件 {file} 的蛋白序列长 {length} 个氨基酸，超过上限 {max}', en: 'The protein sequence in {file} has {length} amino acids, more than the limit of {max}.' },
  noSequence: { zh: '文件 {file} 中没有蛋白序列', en: 'The file {file} holds no protein sequence.' },
  noResidues: { zh: '文件 {file} 中没有蛋白质残基（ATOM 记录），无法得到序列', en: 'The file {file} has no protein residues (ATOM records), so no sequence can be read from it.' },
  proteinFileType: { zh: '蛋白文件 {file} 的格式不受支持，请上传 .fasta、.txt 或 .pdb 文件', en: 'The protein file {file} has an unsupported format; please upload a .fasta, .txt or .pdb file.' },
  modelFilesMissing: { zh: '内部错误：亲和力模型 {model} 的文件缺失：{files}（{folder}）', en: 'Internal error: files of the affinity model {model} are missing: {files} ({folder})' },
  rdkitUnreadable: { zh: 'RDKit 无法解析该 SMILES', en: 'RDKit cannot parse this SMILES' },
  /** `reason`: RDKit's own words, or rdkitUnreadable. */
  smilesUnparsable: {
    zh: '输入文件 {file} 第 {line} 行的 SMILES “{smiles}” 无法解析：{reason}',
    en: 'The SMILES “{smiles}” on line {line} of the input file {file} cannot be parsed: {reason}',
  },
  /** `reason`: the first molecule's reason (a message, or RDKit's words). */
  nothingPredicted: { zh: '没有一个分子可以预测（共 {count} 个）：{reason}', en: 'None of the {count} molecules can be predicted: {reason}' },
  // Why a row lies outside the model's domain (the row's domain_note).
  ligandHeavyAtoms: { zh: '配体有 {heavy} 个重原子，超出训练药物的范围（{low}–{high}）', en: "The ligand has {heavy} heavy atoms, outside the training drugs' range ({low}–{high})." },
  ligandDissimilar: {
    zh: '配体与所有训练药物都不相似（最近邻 Tanimoto {similarity}，低于 {threshold}）',
    en: 'The ligand is unlike every training drug (nearest-neighbour Tanimoto {similarity}, below {threshold}).',
  },
  proteinOutOfDomain: {
    zh: '蛋白与所有训练蛋白都不相近（最近的 {protein}，估计序列一致性 {identity}）',
    en: 'The protein is not close to any training protein (nearest {protein}, estimated sequence identity {identity}).',
  },
  /** `residues`: the differing residues in both languages (joined by 、 / a comma). */
  proteinPointMutations: {
    zh: '蛋白与训练蛋白 {protein} 只差 {count} 个残基（{residues}）：模型没有学过点突变（Davis 的突变体条目也用野生型序列），分辨不了耐药突变等单个残基的差异',
    en: "The protein differs from the training protein {protein} by only {count} residues ({residues}): the model never learnt point mutations (Davis's mutant entries use the wild-type sequence too), so it cannot tell single-residue differences such as resistance mutations apart.",
  },
  /** Both notes of one row: the protein's and the ligand's. */
  domainNotes: { zh: '{protein}；{ligand}', en: '{protein}; {ligand}' },
});
