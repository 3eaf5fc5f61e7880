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
});
