import { registerMessages } from '../../i18n/index.ts';

registerMessages('perform', {
  zh: {
    structure: '输入结构',
    option2D: '2D 结构',
    option3D: '3D 结构',
    hint2D: '2D 输入（.mol .sdf .sd .smi .csv .tsv .txt）先加氢并生成三维构象，再做力场优化。',
    hint3D: '3D 输入（.mol2 .sdf .sd .pdb）保留原有坐标、补全氢原子后做力场优化。',
    input: '输入文件',
    output: '输出文件',
  },
  en: {
    structure: 'Input structure',
    option2D: '2D structures',
    option3D: '3D structures',
    hint2D: '2D input (.mol .sdf .sd .smi .csv .tsv .txt) gets hydrogens and a 3D conformer, then force-field minimisation.',
    hint3D: '3D input (.mol2 .sdf .sd .pdb) keeps its coordinates, gets hydrogens, then force-field minimisation.',
    input: 'Input files',
    output: 'Output file',
  },
});
