import { z } from 'zod';
import { bothLanguages, messageRef } from '@yunyao/contract';
import type { Bilingual, FileFieldSpec } from '../types.ts';
import { defineForm } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { qsartunaMeta } from './qsartuna.meta.ts';
import { QSARTUNA_MESSAGES } from './qsartuna.messages.ts';

export { QSARTUNA_MESSAGES };

/**
 * The descriptors a model can be built on (spec document 2, section 9), all from Debian's RDKit
 * (python/yunyao/qsar/descriptors.py says exactly how each is computed).
 */
export const QSAR_DESCRIPTORS = ['ECFP', 'ECFP_counts', 'MACCS_keys', 'PathFP', 'UnscaledPhyschemDescriptors'] as const;
export type QsarDescriptor = (typeof QSAR_DESCRIPTORS)[number];

/** The spec's descriptors this platform cannot compute, with why: the form shows them disabled, and a request naming one is refused, never served by a substitute. */
export const UNAVAILABLE_DESCRIPTORS: Readonly<Record<string, Bilingual>> = {
  Avalon: bothLanguages(QSARTUNA_MESSAGES.avalonReason),
  UnscaledJazzyDescriptors: bothLanguages(QSARTUNA_MESSAGES.jazzyReason),
};

export const QSAR_MODES = ['regression', 'classification'] as const;
export type QsarMode = (typeof QSAR_MODES)[number];

/**
 * The spec's 7 classification and 9 regression algorithms, from Debian's scikit-learn and xgboost
 * (QSARtuna's set without ChemProp; why each is there: docs/models/qsar.md).
 */
export const QSAR_ALGORITHMS = {
  classification: [
    'XGBClassifier',
    'RandomForestClassifier',
    'CalibratedRandomForestClassifier',
    'LogisticRegression',
    'SVC',
    'KNeighborsClassifier',
    'AdaBoostClassifier',
  ],
  regression: [
    'XGBRegressor',
    'RandomForestRegressor',
    'GaussianProcessRegressor',
    'Ridge',
    'Lasso',
    'PLSRegression',
    'SVR',
    'KNeighborsRegressor',
    'AdaBoostRegressor',
  ],
} as const satisfies Record<QsarMode, readonly string[]>;
export type QsarAlgorithm = (typeof QSAR_ALGORITHMS)[QsarMode][number];
const ALL_ALGORITHMS: readonly string[] = [...QSAR_ALGORITHMS.classification, ...QSAR_ALGORITHMS.regression];

/** What a build searches when the user touches nothing (chosen by bench/qsar.py on the TDC endpoints: docs/models/qsar.md). */
export const QSAR_DEFAULTS = {
  descriptors: ['ECFP_counts', 'MACCS_keys', 'UnscaledPhyschemDescriptors'] as QsarDescriptor[],
  algorithms: { classification: ['XGBClassifier', 'RandomForestClassifier'], regression: ['XGBRegressor', 'RandomForestRegressor'] } as Record<QsarMode, QsarAlgorithm[]>,
};

/** The search's budget: it stops at whichever comes first (the form shows both). */
export const QSAR_TRIALS = { min: 1, max: 200, default: 30 } as const;
export const QSAR_TIME_BUDGET_MINUTES = { min: 1, max: 120, default: 20 } as const;
export const QSAR_SEED = { min: 1, max: 100_000, default: 42 } as const;
export const QSAR_NAME_MAX = 100;

/** The portable model (gzip JSON, no pickled code) a build stores and QSAR prediction stages from the registry. */
export const QSAR_MODEL_FILE = 'qsar-model.json.gz';

/** The SD file's own molecule, offered as the SMILES column of an .sdf (python/yunyao/qsar/table.py). */
export const SDF_STRUCTURE_COLUMN = '@structure';

/** The training table: one .csv or .sdf, uploaded or from the data center. */
export const QSAR_TABLE_FIELD: FileFieldSpec = {
  field: 'smiles',
  extensions: ['.csv', '.sdf'],
  // The source, not the field, decides which message a missing file gets (qsartunaModule.preflight).
  min: 0,
  max: 1,
  maxBytes: 50 * MB,
  requiredMessage: bothLanguages(QSARTUNA_MESSAGES.fileMissing),
  dataCenterField: 'smiles_cos',
};

const boundedInt = (bounds: { min: number; max: number; default: number }, error: string) =>
  z.coerce.number({ error }).int({ error }).min(bounds.min, { error }).max(bounds.max, { error }).default(bounds.default);

/** A list field as a form sends it: repeated, or one comma-joined value. */
const listOf = (error: string) =>
  z.preprocess(
    (v) => [v ?? []].flat().flatMap((item) => String(item).split(',')).map((s) => s.trim()).filter(Boolean),
    z.array(z.string(), { error }),
  );

const column = (error: string) => z.string({ error }).trim().min(1, { error }).max(200, { error });

export const qsartunaParams = z
  .object({
    /** `file`: an upload; `cos`: a data-center file (`smiles_cos`). */
    mole_type: z.enum(['file', 'cos']).default('file'),
    mode: z.enum(QSAR_MODES, { error: QSARTUNA_MESSAGES.modeMissing }),
    smiles_col: column(QSARTUNA_MESSAGES.smilesColMissing),
    labels_col: column(QSARTUNA_MESSAGES.labelsColMissing),
    descriptors: listOf(QSARTUNA_MESSAGES.descriptorsMissing).default([...QSAR_DEFAULTS.descriptors]),
    /** Empty: the mode's defaults (`resolveParams`). */
    algorithms: listOf(QSARTUNA_MESSAGES.algorithmsMissing).default([]),
    trials: boundedInt(QSAR_TRIALS, messageRef(QSARTUNA_MESSAGES.trialsRange, QSAR_TRIALS)),
    /** Minutes the hyper-parameter search may take. */
    time_budget: boundedInt(QSAR_TIME_BUDGET_MINUTES, messageRef(QSARTUNA_MESSAGES.timeBudgetRange, QSAR_TIME_BUDGET_MINUTES)),
    seed: boundedInt(QSAR_SEED, messageRef(QSARTUNA_MESSAGES.seedRange, QSAR_SEED)),
    /** The model's name in the registry; the label column when empty (spec: the task name defaults to it). */
    name: z
      .string()
      .trim()
      .max(QSAR_NAME_MAX, { error: messageRef(QSARTUNA_MESSAGES.nameTooLong, { max: QSAR_NAME_MAX }) })
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.smiles_col === p.labels_col) ctx.addIssue({ code: 'custom', message: QSARTUNA_MESSAGES.sameColumns, path: ['labels_col'] });
    if (p.descriptors.length === 0) ctx.addIssue({ code: 'custom', message: QSARTUNA_MESSAGES.descriptorsMissing, path: ['descriptors'] });
    for (const name of p.descriptors) {
      const reason = UNAVAILABLE_DESCRIPTORS[name];
      if (reason) ctx.addIssue({ code: 'custom', message: messageRef(QSARTUNA_MESSAGES.descriptorUnavailable, { name, reason }), path: ['descriptors'] });
      else if (!(QSAR_DESCRIPTORS as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', message: messageRef(QSARTUNA_MESSAGES.descriptorUnknown, { name }), path: ['descriptors'] });
    }
    const fitting: readonly string[] = QSAR_ALGORITHMS[p.mode];
    for (const name of p.algorithms) {
      if (!fitting.includes(name)) {
        const mode = bothLanguages(p.mode === 'regression' ? QSARTUNA_MESSAGES.modeRegression : QSARTUNA_MESSAGES.modeClassification);
        const known = ALL_ALGORITHMS.includes(name) ? name : JSON.stringify(name);
        ctx.addIssue({ code: 'custom', message: messageRef(QSARTUNA_MESSAGES.algorithmWrongMode, { name: known, mode }), path: ['algorithms'] });
      }
    }
  });
export type QsartunaParams = z.infer<typeof qsartunaParams>;

const nullableNumber = z.number().nullable();

/** One trial of the hyper-parameter search: the rows of the build's history table (python/yunyao/qsar/build.py). */
export const qsartunaRowSchema = z
  .looseObject({
    trial: z.number().describe('Trial number, from 0'),
    algorithm: z.string().describe('The algorithm tried'),
    descriptor: z.string().describe('The descriptor it was given'),
    params: z.string().describe('Its hyper-parameters, as JSON'),
    cv_score: nullableNumber.describe('Mean of the scaffold-grouped cross-validation folds (R² or AUROC)'),
    cv_sd: nullableNumber.describe('Standard deviation over the folds'),
    seconds: nullableNumber.describe('Wall time of the trial'),
    state: z.string().describe('complete, pruned or failed'),
    best: z.boolean().describe('The trial the model was built from'),
  })
  .describe('QSAR build (qsartuna) row: one search trial');
export type QsartunaRow = z.infer<typeof qsartunaRowSchema>;

/** What the QSAR build form accepts; shared by the web form and the server's validation. */
export const qsartunaForm = defineForm({
  ...qsartunaMeta,
  description: {
    zh: '上传带标签的分子数据（.csv 或 .sdf），选择 SMILES 列、标签列、描述符和算法：平台按 QSARtuna 的做法，用 Optuna 在按骨架分组的交叉验证上搜索描述符、算法与超参数，在留出的测试集上报告指标，再用全部数据训练最终模型。模型进入您的模型库（tuna_id），附模型卡片、预测区间与适用域，可在“QSAR 预测”中使用。',
    en: 'Upload labelled molecules (.csv or .sdf) and choose the SMILES and label columns, descriptors and algorithms. As QSARtuna does, Optuna searches descriptors, algorithms and hyper-parameters by scaffold-grouped cross-validation, the best is reported on a held-out test set, and the final model is fitted on all the data. The model joins your registry (tuna_id) with its model card, prediction interval and applicability domain, ready for QSAR prediction.',
  },
  priceFenPerCoreHour: 100,
  cores: 2,
  history: 'recent',
  files: [QSAR_TABLE_FIELD],
  params: qsartunaParams,
});
