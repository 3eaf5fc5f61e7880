import { registerMessages } from '../../i18n/index.ts';

registerMessages('pockets', {
  zh: { predicted: '预测口袋', residues: '口袋残基' },
  en: { predicted: 'Pocket', residues: 'Lining residues' },
});
