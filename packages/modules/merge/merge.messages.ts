import { defineMessages } from '@yunyao/contract';

/** The merge module's texts (ids `merge.*`); the output-name ones are shared (shared/shared.messages.ts). */
export const MERGE_MESSAGES = defineMessages('merge', {
  filesMissing: { zh: '请选择两个及两个以上小分子文件！', en: 'Please choose two or more small-molecule files.' },
  outputFormatUnsupported: { zh: '输出文件格式仅支持 .sdf .sd .mol2（收到 {format}）', en: 'The output format must be .sdf, .sd or .mol2 (got {format}).' },
  inputFormatUnsupported: { zh: '文件格式错误,请确认文件格式并重新上传!（{file}：仅支持 .mol2 .sdf）', en: 'Wrong file format; please check it and upload again. ({file}: only .mol2 and .sdf are accepted)' },
});
