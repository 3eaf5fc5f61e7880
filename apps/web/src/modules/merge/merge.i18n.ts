import { registerMessages } from '../../i18n/index.ts';

registerMessages('merge', {
  zh: {
    ligands: '小分子文件',
    output: '输出文件',
    outputHint: '可不填：全部为 MOL2 时输出 merged.mol2，否则输出 merged.sdf。',
  },
  en: {
    ligands: 'Molecule files',
    output: 'Output file',
    outputHint: 'Optional: merged.mol2 when every input is MOL2, otherwise merged.sdf.',
  },
});
