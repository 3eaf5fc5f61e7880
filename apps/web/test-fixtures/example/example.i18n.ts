import { registerMessages } from '../../src/i18n/index.ts';

registerMessages('example', {
  zh: { smiles: 'SMILES', canonical: '规范 SMILES' },
  en: { smiles: 'SMILES', canonical: 'Canonical SMILES' },
});
