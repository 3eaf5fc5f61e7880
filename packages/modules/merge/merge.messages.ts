import { defineMessages } from '@yunyao/contract';

/** The merge module's texts (ids `merge.*`); the output-name ones are shared (shared/shared.messages.ts). */
export const MERGE_MESSAGES = defineMessages('merge', {
  filesMissing: { zh: '请选择两个及两个以上小分子文件！', en: 'Please choose two or more small-molecule files.' },
});
