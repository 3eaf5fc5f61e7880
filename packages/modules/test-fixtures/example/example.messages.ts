import { defineMessages } from '@yunyao/contract';

/** The example module's texts (ids `example.*`): a module's catalogue, beside its form. */
export const EXAMPLE_MESSAGES = defineMessages('example', {
  smilesMissing: { zh: '请输入一个 SMILES！', en: 'Please enter one SMILES.' },
  /** What example_rows.py reports for a SMILES Open Babel read nothing of. */
  smilesUnreadable: { zh: '无法识别的 SMILES：{smiles}', en: 'Open Babel cannot read the SMILES {smiles}.' },
});
