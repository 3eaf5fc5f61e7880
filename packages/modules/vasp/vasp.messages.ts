import { defineMessages } from '@yunyao/contract';

/**
 * The VASP page's texts (ids `vasp.*`): the input archive's checks, the licensed installation. `{line}`:
 * the 1-based line of the named input file; `{reason}`: what is wrong with it, in both languages.
 */
export const VASP_MESSAGES = defineMessages('vasp', {
  zipMissing: { zh: '请上传VASP输入压缩包（.zip）！', en: 'Please upload the VASP input archive (.zip).' },
  symlink: { zh: '压缩包 {archive} 中的 {member} 是符号链接，请重新打包后上传！', en: '{member} in {archive} is a symbolic link; please pack the archive again.' },
  fileMissing: {
    zh: '压缩包 {archive} 中缺少 {file} 文件（需要 INCAR、POSCAR、KPOINTS、POTCAR）！',
    en: '{archive} has no {file} (it needs INCAR, POSCAR, KPOINTS and POTCAR).',
  },
  fileTwice: { zh: '压缩包 {archive} 中有多个 {file} 文件（{first}、{second}）！', en: '{archive} holds {file} twice ({first}, {second}).' },
  notText: { zh: '{file} 不是文本文件！', en: '{file} is not a text file.' },
  incarLine: { zh: 'INCAR 第 {line} 行“{text}”格式错误：应为“标签 = 值”！', en: 'Line {line} of the INCAR, "{text}", is malformed: write TAG = value.' },
  incarEmpty: { zh: 'INCAR 中没有任何参数！', en: 'The INCAR sets no tag.' },
  incarValue: { zh: 'INCAR 第 {line} 行：{tag} 的值“{value}”应为{expected}！', en: 'Line {line} of the INCAR: {tag} = "{value}" must be {expected}.' },
  poscarLine: { zh: 'POSCAR 第 {line} 行格式错误：{reason}！', en: 'Line {line} of the POSCAR is malformed: {reason}.' },
  kpointsLine: { zh: 'KPOINTS 第 {line} 行格式错误：{reason}！', en: 'Line {line} of the KPOINTS is malformed: {reason}.' },
  potcarTitles: {
    zh: 'POTCAR 中找不到赝势标题（如 PAW_PBE Si 05Jan2001），请确认是 VASP 的 POTCAR 文件！',
    en: 'The POTCAR holds no dataset title (such as PAW_PBE Si 05Jan2001); is it a VASP POTCAR?',
  },
  speciesCount: {
    zh: 'POSCAR 有 {poscar} 种元素，而 POTCAR 有 {potcar} 个赝势（{titles}），两者须一一对应！',
    en: 'The POSCAR has {poscar} species but the POTCAR {potcar} datasets ({titles}); they must match one to one.',
  },
  speciesOrder: {
    zh: 'POSCAR 的元素顺序（{poscar}）与 POTCAR 的赝势顺序（{potcar}）不一致！',
    en: 'The POSCAR’s species ({poscar}) are not in the POTCAR’s order ({potcar}).',
  },
  mpirunMissing: {
    zh: '本平台未配置 MPI（运营方需设置 VASP_MPIRUN），VASP 只能以 1 个核心运行，请把核数设为 1！',
    en: 'No MPI is configured on this platform (the operator must set VASP_MPIRUN), so VASP runs on one core only; set the cores to 1.',
  },
  notConfigured: {
    zh: '本平台尚未配置 VASP（运营方需设置 VASP_BIN 为已授权 VASP 程序的路径），暂不能运行该任务，不收取任何费用！',
    en: 'VASP is not configured on this platform (the operator must set VASP_BIN to the path of a licensed VASP program); the task cannot run and nothing is charged.',
  },
});
