import { registerMessages } from '../../i18n/index.ts';

export const modulePageMessages = {
  zh: {
    price: '{{price}} 元/核时',
    cores: '{{cores}} 核',
    formTitle: '提交任务',
    dragHint: '点击或拖拽文件到此处上传',
    accepts: '支持 {{extensions}}，最多 {{max}} 个文件，单个不超过 {{size}} MB',
    fromDataCenter: '从数据中心选择',
    tooMany: '最多上传 {{max}} 个文件！',
    badFormat: '文件格式错误,请确认文件格式并重新上传!',
    tooLarge: '文件过大！',
    empty: '文件 {{name}} 为空，请重新上传！',
    outputName: '输出文件名称',
    outputNamePlaceholder: '输出文件名（不含扩展名）',
    dataCenterTag: '数据中心',
  },
  en: {
    price: '{{price}} yuan / core-hour',
    cores: '{{cores}} cores',
    formTitle: 'Submit a task',
    dragHint: 'Click or drag files here to upload',
    accepts: 'Accepts {{extensions}}, up to {{max}} files, {{size}} MB each',
    fromDataCenter: 'From data center',
    tooMany: 'Upload at most {{max}} files!',
    badFormat: 'File format error, please check the file and upload again!',
    tooLarge: 'File too large!',
    empty: 'File {{name}} is empty, please upload it again!',
    outputName: 'Output file name',
    outputNamePlaceholder: 'Output file name (without extension)',
    dataCenterTag: 'Data center',
  },
};

registerMessages('modulePage', modulePageMessages);
