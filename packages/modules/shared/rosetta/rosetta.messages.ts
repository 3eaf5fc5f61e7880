import { defineMessages } from '@yunyao/contract';

/**
 * The texts the two Rosetta modules share (ids `rosetta.*`): the flags file both take, the protein,
 * the licensed installation and the result. Each module's own file (movemap, resfile) has its texts in
 * its own catalogue. `{line}`: the 1-based line of the user's file the refusal is about.
 */
export const ROSETTA_MESSAGES = defineMessages('rosetta', {
  flagsMissing: { zh: '请上传flag文件！', en: 'Please upload a flags file.' },
  flagsEmpty: { zh: 'flag 文件 {file} 中没有任何选项！', en: 'The flags file {file} holds no option.' },
  flagsInclude: {
    zh: 'flag 文件第 {line} 行：不支持用 @ 引用其他文件（{text}），请把选项直接写在此文件中！',
    en: 'Line {line} of the flags file: including another file with @ ({text}) is not supported; write the options into this file.',
  },
  flagsStray: { zh: 'flag 文件第 {line} 行：“{text}”不是选项（选项以 - 开头）！', en: 'Line {line} of the flags file: "{text}" is not an option (options start with -).' },
  flagsUnknown: {
    zh: 'flag 文件第 {line} 行：不支持的选项 {option}（支持的选项见页面说明）！',
    en: 'Line {line} of the flags file: the option {option} is not supported (the page lists the supported options).',
  },
  flagsPlatform: {
    zh: 'flag 文件第 {line} 行：{option} 由平台设置（输入、输出目录与数据库），请删除该行！',
    en: 'Line {line} of the flags file: {option} is set by the platform (inputs, output folder and database); please remove the line.',
  },
  flagsPath: {
    zh: 'flag 文件第 {line} 行：{option} 的值“{value}”指向任务目录之外，只能引用本次上传的文件！',
    en: 'Line {line} of the flags file: the value "{value}" of {option} leads outside the task folder; only the files uploaded with the task can be named.',
  },
  flagsInputName: {
    zh: 'flag 文件第 {line} 行：{option} 引用的文件“{value}”不是本次上传的文件（应为 {name}）！',
    en: 'Line {line} of the flags file: {option} names "{value}", which is not the file uploaded with the task ({name}).',
  },
  flagsValue: {
    zh: 'flag 文件第 {line} 行：{option} 的值“{value}”无效，应为{expected}！',
    en: 'Line {line} of the flags file: the value "{value}" of {option} is invalid; it must be {expected}.',
  },
  flagsRepeated: { zh: 'flag 文件第 {line} 行：选项 {option} 重复出现！', en: 'Line {line} of the flags file: the option {option} is given twice.' },
  flagsWrongModule: {
    zh: 'flag 文件第 {line} 行：{option} 不适用于{module}！',
    en: 'Line {line} of the flags file: {option} does not apply to {module}.',
  },
  proteinNoResidues: { zh: '蛋白文件 {file} 中没有 ATOM/HETATM 残基！', en: 'The protein file {file} holds no ATOM or HETATM residue.' },
  notConfigured: {
    zh: '本平台尚未配置 Rosetta（运营方需设置 ROSETTA_BIN 为已授权 Rosetta 的 bin 目录），暂不能运行该任务，不收取任何费用！',
    en: 'Rosetta is not configured on this platform (the operator must set ROSETTA_BIN to the bin folder of a licensed Rosetta); the task cannot run and nothing is charged.',
  },
  binaryMissing: {
    zh: '已配置的 Rosetta（ROSETTA_BIN）中没有 {app} 程序，请联系运营方；不收取任何费用！',
    en: 'The configured Rosetta (ROSETTA_BIN) has no {app} program; please contact the operator. Nothing is charged.',
  },
});
