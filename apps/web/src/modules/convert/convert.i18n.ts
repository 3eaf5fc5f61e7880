import { registerMessages } from '../../i18n/index.ts';

registerMessages('convert', {
  zh: {
    input: '输入文件',
    output: '输出文件',
    outputHint: '扩展名决定输出格式；由 SMILES 转为 PDB、MOL2、XYZ 等坐标格式时会自动生成三维构象。',
  },
  en: {
    input: 'Input files',
    output: 'Output file',
    outputHint: 'The extension picks the output format; 3D coordinates are generated when SMILES are converted to a coordinate format such as PDB, MOL2 or XYZ.',
  },
});
