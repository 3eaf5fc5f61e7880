import { debianPackageVersion, defineEngine, defineModuleEngines } from '../engine-types.ts';
import { rdkit } from '../shared/engines.ts';

const torch = defineEngine({
  id: 'torch',
  name: 'PyTorch',
  probe: debianPackageVersion('python3-torch'),
  debian: { note: 'the drug–target affinity network, CPU build', packages: ['python3-torch'] },
  citations: [
    {
      text: 'Paszke A, Gross S, Massa F, et al. PyTorch: An Imperative Style, High-Performance Deep Learning Library. Advances in Neural Information Processing Systems 32, 8024–8035 (2019).',
      url: 'https://arxiv.org/abs/1912.01703',
    },
  ],
});

/** 2D drug–target affinity: RDKit fingerprints and a protein-sequence CNN in PyTorch, trained on Davis and KIBA. */
export const graphDtaEngines = defineModuleEngines({
  code: 'graph_dta',
  engines: [torch, rdkit],
  citations: [
    { text: 'Öztürk H, Özgür A, Ozkirimli E. DeepDTA: deep drug–target binding affinity prediction. Bioinformatics 34(17), i821–i829 (2018).', doi: '10.1093/bioinformatics/bty593' },
    { text: 'Davis MI, Hunt JP, Herrgard S, et al. Comprehensive analysis of kinase inhibitor selectivity. Nat Biotechnol 29(11), 1046–1051 (2011).', doi: '10.1038/nbt.1990' },
    {
      text: 'Tang J, Szwajda A, Shakyawar S, et al. Making Sense of Large-Scale Kinase Inhibitor Bioactivity Data Sets: A Comparative and Integrative Analysis. J Chem Inf Model 54(3), 735–743 (2014).',
      doi: '10.1021/ci400709d',
    },
  ],
  modelCard: 'docs/models/affinity-2d.md',
});
