import { defineMessages } from '@yunyao/contract';

/** The convert module's texts (ids `convert.*`); the output-name ones are shared (shared/shared.messages.ts). */
export const CONVERT_MESSAGES = defineMessages('convert', {
  filesMissing: { zh: '请上传输入文件！', en: 'Please upload an input file.' },
});
