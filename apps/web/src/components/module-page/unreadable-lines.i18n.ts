import { registerMessages } from '../../i18n/index.ts';

export const unreadableLinesMessages = {
  zh: {
    title: '有 {{count}} 行 SMILES 无法解析',
    typedIntro: '输入的 {{molecules}} 个分子中，以下 {{count}} 行无法解析。可以返回修改，或跳过这些行，只提交其余 {{rest}} 个分子。',
    fileIntro: '文件 {{file}} 的 {{molecules}} 个分子中，以下 {{count}} 行无法解析。可以返回修改文件，或跳过这些行提交：结果中这些行标为“无法解析”，不参与计算。',
    more: '仅列出前 {{count}} 行',
    line: '行号',
    smiles: 'SMILES',
    reason: '原因（RDKit）',
    skip: '跳过这些行并提交',
    edit: '返回修改',
  },
  en: {
    title: '{{count}} SMILES lines cannot be read',
    typedIntro_one: 'Of the molecules typed ({{molecules}} in all), the line below cannot be read. Go back and fix it, or skip it and submit the other {{rest}}.',
    typedIntro_other: 'Of the molecules typed ({{molecules}} in all), the {{count}} lines below cannot be read. Go back and fix them, or skip them and submit the other {{rest}}.',
    fileIntro_one: 'Of the molecules in {{file}} ({{molecules}} in all), the line below cannot be read. Go back and fix the file, or skip it: the results mark it unreadable and it is not computed.',
    fileIntro_other: 'Of the molecules in {{file}} ({{molecules}} in all), the {{count}} lines below cannot be read. Go back and fix the file, or skip them: the results mark them unreadable and they are not computed.',
    more_one: 'Only the first line is listed',
    more_other: 'Only the first {{count}} lines are listed',
    line: 'Line',
    smiles: 'SMILES',
    reason: 'Reason (RDKit)',
    skip: 'Skip these lines and submit',
    edit: 'Go back and edit',
  },
};

registerMessages('unreadableLines', unreadableLinesMessages);
