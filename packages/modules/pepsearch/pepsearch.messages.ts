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
  knobOutOfRange: { zh: '参数 {name} = {value} 超出允许范围 {low}–{high}', en: 'The parameter {name} = {value} is outside the allowed range {low}–{high}.' },
  temperaturesInverted: { zh: '退火高温不能低于采样温度', en: 'The annealing high temperature cannot be below the sampling temperature.' },
  // Either method's finished work (decoy batches and refined models, or annealing cycles) is checkpointed.
  interrupted: { zh: '多肽结构预测任务被终止；已完成的部分保存在检查点中，重新运行将从中断处继续', en: 'The peptide structure prediction was stopped; the work finished so far is saved in a checkpoint, and running it again continues from where it stopped.' },
  diverged: { zh: '分子动力学模拟数值发散（轨迹 {replica} 第 {cycle} 个循环，已换随机种子重试 {attempts} 次）；请更换随机种子后重试', en: 'The molecular dynamics simulation diverged numerically (trajectory {replica}, cycle {cycle}; retried {attempts} times with other random seeds); please retry with another random seed.' },
});
