import { z } from 'zod';
import { bothLanguages, moleculeRowShape } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, moleculeSourceParams } from '../shared/molecule-source.ts';
import { MB } from '../shared/file-names.ts';
import { qsarpredMeta } from './qsarpred.meta.ts';
import { QSARPRED_MESSAGES } from './qsarpred.messages.ts';

export { QSARPRED_MESSAGES };

/**
 * The model, staged by the server from the user's registry (`registryInput`), never uploaded: the
 * form sends its `tuna_id` only, and a file sent under this field is dropped.
 */
export const QSAR_MODEL_FIELD: FileFieldSpec = {
  field: 'model',
  extensions: ['.gz'],
  min: 1,
  max: 1,
  maxBytes: 200 * MB,
  requiredMessage: bothLanguages(QSARPRED_MESSAGES.modelMissing),
};

export const qsarpredParams = z
  .object({
    ...moleculeSourceParams,
    /** The registry id of one of the user's QSAR models (the id of the build task that made it). */
    tuna_id: z.coerce.number({ error: QSARPRED_MESSAGES.modelMissing }).int({ error: QSARPRED_MESSAGES.modelMissing }).positive({ error: QSARPRED_MESSAGES.modelMissing }),
  })
  .superRefine((p, ctx) => checkTypedMolecules(p, ctx));
export type QsarpredParams = z.infer<typeof qsarpredParams>;

const nullableNumber = z.number().nullable();

/** One predicted molecule (or, with `error`, an input line RDKit could not read): python/yunyao/qsar/predict.py. */
export const qsarpredRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    prediction: nullableNumber.describe("Regression: the predicted value in the label's units; classification: the probability of the positive class"),
    predicted_class: z.string().nullable().describe('Classification: the predicted class as the training file names it'),
    lower: nullableNumber.describe('Lower end of the 90 % interval (regression)'),
    upper: nullableNumber.describe('Upper end of the 90 % interval (regression)'),
    prediction_set: z
      .array(z.string())
      .nullish()
      .describe("Classification: the 90 % conformal set of classes (one class; both when the model cannot tell; none when the molecule resembles neither class's training molecules; absent from predictions made before sets existed)"),
    out_of_domain: z.boolean().nullable().describe('Farther from every training molecule than the domain threshold'),
    nearest_id: z.string().nullable().describe('The most similar training molecule'),
    nearest_smiles: z.string().nullable(),
    nearest_similarity: nullableNumber.describe('Its Tanimoto similarity (Morgan radius 2, 2048 bits)'),
    atom_weights: z.array(z.number()).nullable().describe("Each heavy atom's contribution to the prediction, in the SMILES' atom order"),
  })
  .describe('QSAR prediction (qsarpred) row');
export type QsarpredRow = z.infer<typeof qsarpredRowSchema>;

/** What the QSAR prediction form accepts; shared by the web form and the server's validation. */
export const qsarpredForm = defineForm({
  ...qsarpredMeta,
  description: {
    zh: '用“QSAR 建模”构建的模型预测新分子：每个分子给出预测值（分类模型为阳性概率）、90% 预测区间、是否超出模型适用域及最相近的训练分子，并在结构上标出驱动预测的原子。',
    en: 'Predicts new molecules with a model built in QSAR modelling: for each, the prediction (the positive class probability for a classifier), a 90 % interval, whether it lies outside the model’s applicability domain with its nearest training molecule, and the atoms that drove the prediction drawn on the structure.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [MOLECULE_FILE_FIELD, QSAR_MODEL_FIELD],
  moleculeSource: MOLECULE_FILE_FIELD,
  params: qsarpredParams,
});
