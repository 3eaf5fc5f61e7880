import { registerMessages } from '../../i18n/index.ts';

registerMessages('graphDta', {
  zh: {
    sequence: '蛋白序列',
    sourceUpload: '上传文件',
    sourceDataCenter: '数据中心',
    sequenceHint: '一个 .fasta 文件（单字母氨基酸，多条记录时只用第一条）；也可上传 .txt 序列或 .pdb（读取第一条蛋白链的序列）',
    model: '预测模型',
    davis: 'Davis（pKd 与 Kd）',
    kiba: 'KIBA（KIBA 分数）',
    modelHelp: '两个模型的训练集都是激酶：Davis 为 442 个激酶的 Kd 测定，KIBA 为 229 个激酶的综合活性分数。非激酶蛋白的预测会被标为超出适用域，仅供参考。',
  },
  en: {
    sequence: 'Protein sequence',
    sourceUpload: 'Upload',
    sourceDataCenter: 'Data center',
    sequenceHint: 'One .fasta file (single-letter amino acids; only the first record is used); a .txt sequence or a .pdb (its first protein chain) also works',
    model: 'Model',
    davis: 'Davis (pKd and Kd)',
    kiba: 'KIBA (KIBA score)',
    modelHelp: 'Both models were trained on kinases only: Davis on Kd measurements for 442 kinases, KIBA on combined activity scores for 229 kinases. Predictions for a non-kinase protein are flagged as out of domain and are indicative only.',
  },
});
