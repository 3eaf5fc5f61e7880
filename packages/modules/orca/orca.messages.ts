import { defineMessages } from '@yunyao/contract';

/** The ORCA page's texts (ids `orca.*`); its input rules' words come in both languages from @yunyao/quantum. */
export const ORCA_MESSAGES = defineMessages('orca', {
  keywordMissing: { zh: '请填写 ORCA 关键词行！', en: 'Please fill in the ORCA keyword line!' },
});
