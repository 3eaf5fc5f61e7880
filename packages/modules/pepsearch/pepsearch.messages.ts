import { defineMessages } from '@yunyao/contract';

/** The peptide-structure module's texts (ids `pepsearch.*`). */
export const PEPSEARCH_MESSAGES = defineMessages('pepsearch', {
  // The spec's own message (document 1, section 5) is English; it is the English side, 多肽序列不能为空 the Chinese.
  sequenceEmpty: { zh: '多肽序列不能为空！', en: 'peptide sequence cannot be empty!' },
  sequenceLengthInvalid: { zh: '多肽序列长度须为 {min}–{max} 个残基！', en: 'The peptide must have {min}–{max} residues.' },
  coresInvalid: { zh: '计算核数须为 {min}–{max} 的整数！', en: 'Cores must be a whole number from {min} to {max}.' },
  samplingInvalid: { zh: '请选择采样强度（quick、standard 或 thorough）！', en: 'Please choose the sampling effort (quick, standard or thorough).' },
  /** `shown`: the first bad letters with their positions, `more`: how many there are when more than shown, `letters`: the accepted ones. */
  unknownResidues: {
    zh: '序列含非标准氨基酸字母：{shown}{more}；只接受 20 种标准氨基酸的单字母代码（{letters}）！',
    en: 'The sequence has letters that are not standard amino acids: {shown}{more}; only the one-letter codes of the 20 standard amino acids ({letters}) are accepted.',
  },
});
