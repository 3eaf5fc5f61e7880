import { defineMessages } from '@yunyao/contract';

/** The convert module's texts (ids `convert.*`); the output-name ones are shared (shared/shared.messages.ts). */
export const CONVERT_MESSAGES = defineMessages('convert', {
  filesMissing: { zh: '请上传输入文件！', en: 'Please upload an input file.' },
  outputFormatUnsupported: { zh: '请输入输出文件名称及格式！（不支持的输出格式：{format}）', en: 'Please enter the output file name and format. (Unsupported output format: {format})' },
  inputFormatUnsupported: { zh: '文件格式错误,请确认文件格式并重新上传!（{file}）', en: 'Wrong file format; please check it and upload again. ({file})' },
});
