import { z } from 'zod';
import { defineForm } from '../types.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, moleculeSourceParams } from '../shared/molecule-source.ts';
import { admetMeta } from './admet.meta.ts';
// The ADMET step's refusals (python/yunyao/admet) are rendered from this catalogue.
import './admet.messages.ts';

export const admetParams = z.object(moleculeSourceParams).superRefine(checkTypedMolecules);
export type AdmetParams = z.infer<typeof admetParams>;

/** What the ADMET form accepts; shared by the web form and the server's validation. */
export const admetForm = defineForm({
  ...admetMeta,
  description: {
    zh: '由 RDKit 计算理化性质（分子量、logP、TPSA、QED、氢键供体/受体、Lipinski、手性中心），并用在 TDC ADMET 数据集上训练的梯度提升树模型预测吸收、分布、代谢、排泄与毒性终点；每个预测都标明分子是否处于模型的适用域内。',
    en: 'Computes physicochemical properties with RDKit (MW, logP, TPSA, QED, H-bond donors/acceptors, Lipinski, stereocentres) and predicts absorption, distribution, metabolism, excretion and toxicity endpoints with gradient-boosted tree models trained on the TDC ADMET datasets; every prediction says whether the molecule lies in the model’s applicability domain.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [MOLECULE_FILE_FIELD],
  moleculeSource: MOLECULE_FILE_FIELD,
  params: admetParams,
});
