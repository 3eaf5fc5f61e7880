import { defineMessages } from '@yunyao/contract';

/** The quantum keyword mode's texts (ids `prothod.*`); its input rules' words come in both languages from @yunyao/quantum. */
export const PROTHOD_MESSAGES = defineMessages('prothod', {
  keywordMissing: { zh: '请选择计算目标与方法！', en: 'Please choose a target and a method!' },
});
