import { registerMessages } from '../../i18n/index.ts';

registerMessages('drawnMolecules', {
  zh: {
    placeholder: 'CCO 乙醇\nO 水',
    embed: '生成三维结构并加入',
    embedHint: '每行一个 SMILES（可加名称，作为 XYZ 注释行与分子名），由 RDKit ETKDG + MMFF94 生成三维结构',
    charged: '以下分子带形式电荷，请相应设置电荷与自旋多重度：{{names}}',
    atoms: '{{count}} 个原子',
    made: '已加入结构列表 · RDKit ETKDGv3 + {{forceField}}',
    none: '生成的三维结构将显示在这里',
    preopt: '先用 xtb (GFN2) 预优化',
    preoptHint: '主计算前先以 GFN2-xTB 优化每个分子的几何结构（计费步骤，结果中记录其能量与版本），适合由 SMILES 生成或手工搭建的结构',
  },
  en: {
    placeholder: 'CCO ethanol\nO water',
    embed: 'Make 3D and add',
    embedHint: 'One SMILES per line (optionally a name: the XYZ comment line and molecule name), made 3D by RDKit ETKDG + MMFF94',
    charged: 'These molecules carry a formal charge; set the charge and multiplicity to match: {{names}}',
    atoms_one: '{{count}} atom',
    atoms_other: '{{count}} atoms',
    made: 'Added to the structures · RDKit ETKDGv3 + {{forceField}}',
    none: 'The 3D structures made appear here',
    preopt: 'Pre-optimise with xtb (GFN2) first',
    preoptHint: 'Each geometry is optimised with GFN2-xTB before the main calculation (a billed step; its energy and version are kept in the result); useful for structures made from SMILES or built by hand',
  },
});
