import { defineMessages } from '@yunyao/contract';

/** The Rosetta Packer page's own texts (ids `packer.*`): its resfile. The flags and protein texts are `rosetta.*`. */
export const PACKER_MESSAGES = defineMessages('packer', {
  resfileMissing: { zh: '请上传resfile文件！', en: 'Please upload a resfile.' },
  resfileCommand: {
    zh: 'resfile 第 {line} 行：无法识别的命令“{command}”（可用 NATAA、NATRO、ALLAA、ALLAAxc、ALLAAwc、PIKAA、NOTAA、POLAR、APOLAR、EX、EX_CUTOFF、USE_INPUT_SC 等）！',
    en: 'Line {line} of the resfile: unknown command "{command}" (use NATAA, NATRO, ALLAA, ALLAAxc, ALLAAwc, PIKAA, NOTAA, POLAR, APOLAR, EX, EX_CUTOFF, USE_INPUT_SC …).',
  },
  resfileArgument: {
    zh: 'resfile 第 {line} 行：{command} 的参数“{value}”无效！',
    en: 'Line {line} of the resfile: the argument "{value}" of {command} is invalid.',
  },
  resfileBody: {
    zh: 'resfile 第 {line} 行“{text}”格式错误：start 之后每行应为 <残基号> <链> <命令>（或 <起> - <止> <链> <命令>、* <链> <命令>）！',
    en: 'Line {line} of the resfile, "{text}", is malformed: after start, each line is <residue> <chain> <commands> (or <first> - <last> <chain> <commands>, or * <chain> <commands>).',
  },
  resfileResidue: {
    zh: 'resfile 第 {line} 行：蛋白中没有链 {chain} 的残基 {residue}！',
    en: 'Line {line} of the resfile: the protein has no residue {residue} in chain {chain}.',
  },
  resfileChain: { zh: 'resfile 第 {line} 行：蛋白中没有链 {chain}！', en: 'Line {line} of the resfile: the protein has no chain {chain}.' },
  resfileEmpty: { zh: 'resfile {file} 中没有任何命令！', en: 'The resfile {file} holds no command.' },
});
