import { z } from 'zod';
import { taskIdSchema } from './ids.ts';
import { commaRangeSchema, type Range } from './ranges.ts';
import { admetMedchemShape } from './admet-medchem.ts';

/**
 * ADMET results: the properties every result row carries (RDKit physicochemical
 * set + one learned endpoint per TDC dataset), how the detail dialog groups them,
 * the radar's axes, and the filter of POST /api/admet/filter.
 */

export const ADMET_GROUPS = ['Physicochemical', 'Absorption', 'Distribution', 'Metabolism', 'Excretion', 'Toxicity'] as const;
export type AdmetGroup = (typeof ADMET_GROUPS)[number];

/** `probability`: of the positive class, 0-1; `value`: a regression in `unit`; `count`: an integer. */
export type AdmetKind = 'probability' | 'value' | 'count';

export interface AdmetProperty {
  /** Result-row key: TDC's dataset name for learned endpoints. */
  key: string;
  group: AdmetGroup;
  zh: string;
  en: string;
  kind: AdmetKind;
  unit?: string;
  /** Learned from data, so it has an applicability domain (RDKit values are exact). */
  learned: boolean;
}

const rdkit = (key: string, zh: string, en: string, kind: AdmetKind, unit?: string): AdmetProperty => ({
  key,
  group: 'Physicochemical',
  zh,
  en,
  kind,
  learned: false,
  ...(unit ? { unit } : {}),
});
const learned = (group: AdmetGroup, key: string, zh: string, en: string, unit?: string): AdmetProperty => ({
  key,
  group,
  zh,
  en,
  kind: unit ? 'value' : 'probability',
  learned: true,
  ...(unit ? { unit } : {}),
});
const cyp = (isoform: string): AdmetProperty[] => [
  learned('Metabolism', `${isoform}_Veith`, `${isoform} 抑制剂概率`, `${isoform} inhibitor probability`),
  learned('Metabolism', `${isoform}_Substrate_CarbonMangels`, `${isoform} 底物概率`, `${isoform} substrate probability`),
];
const TOX21: [string, string, string][] = [
  ['NR-AR', '雄激素受体', 'androgen receptor'],
  ['NR-AR-LBD', '雄激素受体配体结合域', 'androgen receptor LBD'],
  ['NR-AhR', '芳香烃受体', 'aryl hydrocarbon receptor'],
  ['NR-Aromatase', '芳香化酶抑制', 'aromatase inhibition'],
  ['NR-ER', '雌激素受体 α', 'estrogen receptor α'],
  ['NR-ER-LBD', '雌激素受体配体结合域', 'estrogen receptor LBD'],
  ['NR-PPAR-gamma', 'PPAR-γ', 'PPAR-γ'],
  ['SR-ARE', '抗氧化反应元件', 'antioxidant response element'],
  ['SR-ATAD5', 'ATAD5 基因毒性', 'ATAD5 genotoxicity'],
  ['SR-HSE', '热休克反应', 'heat shock response'],
  ['SR-MMP', '线粒体膜电位', 'mitochondrial membrane potential'],
  ['SR-p53', 'p53 应激通路', 'p53 stress pathway'],
];

/** Every property of a result row, in the order the detail dialog lists them. */
export const ADMET_PROPERTIES: readonly AdmetProperty[] = [
  rdkit('molecular_weight', '分子量', 'Molecular weight', 'value', 'g/mol'),
  rdkit('logP', '脂水分配系数 logP（Crippen）', 'logP (Crippen)', 'value'),
  rdkit('tpsa', '拓扑极性表面积 TPSA', 'Topological polar surface area', 'value', 'Å²'),
  rdkit('QED', '类药性 QED', 'Drug-likeness (QED)', 'value'),
  rdkit('hydrogen_bond_donors', '氢键供体数', 'H-bond donors', 'count'),
  rdkit('hydrogen_bond_acceptors', '氢键受体数', 'H-bond acceptors', 'count'),
  rdkit('Lipinski', '满足的 Lipinski 规则数（共 4 条）', 'Lipinski rules met (of 4)', 'count'),
  rdkit('stereo_centers', '手性中心数', 'Stereocentres', 'count'),
  learned('Absorption', 'HIA_Hou', '人体肠道吸收概率', 'Human intestinal absorption probability'),
  learned('Absorption', 'PAMPA_NCATS', 'PAMPA 高渗透性概率', 'PAMPA high-permeability probability'),
  learned('Absorption', 'Caco2_Wang', 'Caco-2 渗透性', 'Caco-2 permeability', 'log(cm/s)'),
  learned('Absorption', 'Bioavailability_Ma', '口服生物利用度概率', 'Oral bioavailability probability'),
  learned('Absorption', 'Pgp_Broccatelli', 'P-gp 抑制剂概率', 'P-gp inhibitor probability'),
  learned('Absorption', 'Solubility_AqSolDB', '水溶解度 logS', 'Aqueous solubility logS', 'log(mol/L)'),
  learned('Absorption', 'Lipophilicity_AstraZeneca', '亲脂性 logD7.4', 'Lipophilicity logD7.4', 'log ratio'),
  learned('Distribution', 'BBB_Martins', '血脑屏障穿透概率', 'Blood-brain barrier penetration probability'),
  learned('Distribution', 'PPBR_AZ', '血浆蛋白结合率', 'Plasma protein binding', '%'),
  learned('Distribution', 'VDss_Lombardo', '稳态表观分布容积', 'Volume of distribution at steady state', 'L/kg'),
  ...cyp('CYP2C9'),
  ...cyp('CYP2D6'),
  ...cyp('CYP3A4'),
  learned('Excretion', 'Half_Life_Obach', '半衰期', 'Half-life', 'h'),
  learned('Excretion', 'Clearance_Hepatocyte_AZ', '肝细胞清除率', 'Hepatocyte clearance', 'µL/min/10⁶ cells'),
  learned('Excretion', 'Clearance_Microsome_AZ', '肝微粒体清除率', 'Microsomal clearance', 'mL/min/g'),
  learned('Toxicity', 'hERG', 'hERG 阻滞概率', 'hERG blocking probability'),
  learned('Toxicity', 'ClinTox', '临床试验毒性概率', 'Clinical-trial toxicity probability'),
  learned('Toxicity', 'AMES', 'Ames 致突变概率', 'Ames mutagenicity probability'),
  learned('Toxicity', 'DILI', '药物性肝损伤概率', 'Drug-induced liver injury probability'),
  learned('Toxicity', 'LD50_Zhu', '大鼠急性经口毒性 LD50', 'Rat acute oral toxicity LD50', '-log(mol/kg)'),
  ...TOX21.map(([key, zh, en]) => learned('Toxicity', key, `Tox21 ${key}：${zh}活性概率`, `Tox21 ${key}: ${en} activity probability`)),
];

export const ADMET_PROPERTY_BY_KEY: ReadonlyMap<string, AdmetProperty> = new Map(ADMET_PROPERTIES.map((p) => [p.key, p]));

/** Radar axes and maxima of the detail dialog (spec). */
export const ADMET_RADAR_AXES = [
  { key: 'logP', label: 'logP', max: 9 },
  { key: 'molecular_weight', label: 'MW', max: 1000 },
  { key: 'tpsa', label: 'TPSA', max: 600 },
  { key: 'QED', label: 'QED', max: 1 },
  { key: 'HIA_Hou', label: 'HIA', max: 1 },
] as const;

/** Cut-offs turning BBB and hERG probabilities into the filter's positive / negative (spec). */
export const ADMET_BBB_CUT = 0.5;
export const ADMET_HERG_CUT = 0.3;

/** Solubility is filtered as a probability: that logS ≥ −4 (AqSolDB's "soluble" classes), from the model's held-out error. */
export const SOLUBLE_LOGS = -4;
export const SOLUBLE_PROBABILITY_KEY = 'soluble_probability';

type RangeKey = 'logP' | 'molecular_weight' | 'tpsa' | 'Clearance_Hepatocyte_AZ' | 'Half_Life_Obach';
type ThresholdKey = 'QED' | 'HIA_Hou' | 'Solubility_AqSolDB' | 'PAMPA_NCATS' | 'ClinTox';

/** Range sliders: bounds and default range (spec). */
export const ADMET_RANGE_SLIDERS: Record<RangeKey, { label: string; min: number; max: number; step: number; default: Range }> = {
  logP: { label: 'logP', min: -2, max: 9, step: 0.1, default: [0, 3] },
  molecular_weight: { label: '分子量', min: 100, max: 1000, step: 1, default: [300, 600] },
  tpsa: { label: 'TPSA', min: -100, max: 600, step: 1, default: [0, 140] },
  Clearance_Hepatocyte_AZ: { label: '肝细胞清除率', min: 1, max: 200, step: 1, default: [1, 100] },
  Half_Life_Obach: { label: '半衰期', min: 0, max: 240, step: 1, default: [1, 100] },
};

/**
 * Threshold sliders (0-1, step 0.01, default 0.5). `min`: keep molecules at or above
 * the value (desirable properties); `max`: at or below (toxicity). Solubility's value
 * is read against `soluble_probability`, since its logS prediction is no probability.
 */
export const ADMET_THRESHOLD_SLIDERS: Record<ThresholdKey, { label: string; keep: 'min' | 'max'; rowKey: string }> = {
  QED: { label: 'QED', keep: 'min', rowKey: 'QED' },
  HIA_Hou: { label: 'HIA', keep: 'min', rowKey: 'HIA_Hou' },
  Solubility_AqSolDB: { label: '溶解度', keep: 'min', rowKey: SOLUBLE_PROBABILITY_KEY },
  PAMPA_NCATS: { label: 'PAMPA', keep: 'min', rowKey: 'PAMPA_NCATS' },
  ClinTox: { label: 'ClinTox', keep: 'max', rowKey: 'ClinTox' },
};
export const ADMET_THRESHOLD_DEFAULT = 0.5;

const threshold = (label: string) =>
  z.coerce
    .number({ message: `${label} 必须是 0 到 1 之间的数字` })
    .min(0, `${label} 必须是 0 到 1 之间的数字`)
    .max(1, `${label} 必须是 0 到 1 之间的数字`)
    .optional();
/** 1 = positive (probability ≥ cut), 2 = negative. */
const posNeg = (label: string) =>
  z.coerce
    .number()
    .refine((v) => v === 1 || v === 2, `${label} 只能为 1（阳性）或 2（阴性）`)
    .optional();

export const ADMET_FILTER_PAGE_SIZE = 20;
export const ADMET_FILTER_MAX_PAGE_SIZE = 200;

/** POST /api/admet/filter (form or JSON; the CSV variant downloads every match). */
export const admetFilterSchema = z.object({
  task_id: z.coerce.number({ message: '任务不存在！' }).int('任务不存在！').positive('任务不存在！'),
  logP: commaRangeSchema('logP', ADMET_RANGE_SLIDERS.logP.default),
  molecular_weight: commaRangeSchema('分子量', ADMET_RANGE_SLIDERS.molecular_weight.default),
  tpsa: commaRangeSchema('TPSA', ADMET_RANGE_SLIDERS.tpsa.default),
  Clearance_Hepatocyte_AZ: commaRangeSchema('肝细胞清除率', ADMET_RANGE_SLIDERS.Clearance_Hepatocyte_AZ.default),
  Half_Life_Obach: commaRangeSchema('半衰期', ADMET_RANGE_SLIDERS.Half_Life_Obach.default),
  QED: threshold('QED'),
  HIA_Hou: threshold('HIA'),
  Solubility_AqSolDB: threshold('溶解度'),
  PAMPA_NCATS: threshold('PAMPA'),
  ClinTox: threshold('ClinTox'),
  BBB_Martins: posNeg('BBB'),
  hERG: posNeg('hERG'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMET_FILTER_MAX_PAGE_SIZE).default(ADMET_FILTER_PAGE_SIZE),
  type: z.enum(['json', 'csv']).default('json'),
});
export type AdmetFilterQuery = z.infer<typeof admetFilterSchema>;

/** Traffic light of one endpoint: favourable, caution, unfavourable (thresholds: python/yunyao/admet/verdicts.py). */
export const ADMET_VERDICTS = ['green', 'amber', 'red'] as const;
export const admetVerdictSchema = z.enum(ADMET_VERDICTS);
export type AdmetVerdict = z.infer<typeof admetVerdictSchema>;

/** One result row as the step writes it (the spec's ADMET result item plus every other endpoint). */
export const admetResultItemSchema = z
  .object({
    index: z.number(),
    name: z.string(),
    Smiles: z.string(),
    /** Set when the molecule could not be read; every prediction is then null. */
    error: z.string().nullish(),
    ad_similarity: z.record(z.string(), z.number()).nullish(),
    out_of_domain: z.array(z.string()).nullish(),
    /** Per endpoint; absent on rows predicted before verdicts existed. */
    verdicts: z.record(z.string(), admetVerdictSchema.nullable()).nullish(),
    /** Per endpoint: percent of approved drugs predicted below this molecule (0-100). */
    percentiles: z.record(z.string(), z.number()).nullish(),
    ...admetMedchemShape,
  })
  .catchall(z.unknown());
export type AdmetResultItem = z.infer<typeof admetResultItemSchema>;

export const admetFilterResponseSchema = z.object({ totalCount: z.number(), admets: z.array(admetResultItemSchema) });
export type AdmetFilterResponse = z.infer<typeof admetFilterResponseSchema>;

/** GET /api/admet/detail?smiles= (task_id narrows the lookup to one task's results). */
export const admetDetailQuerySchema = z.object({
  smiles: z.string().trim().min(1, '请输入化合物分子式！').max(2000, 'SMILES 过长'),
  task_id: taskIdSchema.optional(),
});

export const admetDetailEntrySchema = z.object({
  property: z.string(),
  predict: z.number().nullable(),
  unit: z.string().optional(),
  /** Learned endpoints only: false when the molecule lies outside the model's applicability domain. */
  in_domain: z.boolean().optional(),
  verdict: admetVerdictSchema.optional(),
  /** Percent of approved drugs predicted below this molecule (0-100). */
  percentile: z.number().optional(),
});
export type AdmetDetailEntry = z.infer<typeof admetDetailEntrySchema>;

const groupEntries = z.array(admetDetailEntrySchema);
export const admetDetailSchema = z.object({
  Smiles: z.string(),
  Physicochemical: groupEntries,
  Absorption: groupEntries,
  Distribution: groupEntries,
  Metabolism: groupEntries,
  Excretion: groupEntries,
  Toxicity: groupEntries,
  ...admetMedchemShape,
});
export type AdmetDetail = z.infer<typeof admetDetailSchema>;

/** A readable molecule's result row as the detail dialog's six lists. */
export function admetDetailOf(row: AdmetResultItem): AdmetDetail {
  const outside = new Set(row.out_of_domain ?? []);
  const groups = Object.fromEntries(ADMET_GROUPS.map((g) => [g, [] as AdmetDetailEntry[]])) as Record<AdmetGroup, AdmetDetailEntry[]>;
  for (const p of ADMET_PROPERTIES) {
    if (!(p.key in row)) continue;
    const value = row[p.key];
    const verdict = row.verdicts?.[p.key];
    const percentile = row.percentiles?.[p.key];
    groups[p.group].push({
      property: p.key,
      predict: typeof value === 'number' ? value : null,
      ...(p.unit ? { unit: p.unit } : {}),
      ...(p.learned ? { in_domain: !outside.has(p.key) } : {}),
      ...(verdict ? { verdict } : {}),
      ...(percentile !== undefined ? { percentile } : {}),
    });
  }
  return { Smiles: row.Smiles, ...groups, alerts: row.alerts ?? null, rules: row.rules ?? null, boiled_egg: row.boiled_egg ?? null };
}

/** Red and amber counts of one row, for the result list's summary. */
export function admetVerdictCounts(row: AdmetResultItem): Record<AdmetVerdict, number> {
  const counts: Record<AdmetVerdict, number> = { green: 0, amber: 0, red: 0 };
  for (const v of Object.values(row.verdicts ?? {})) if (v) counts[v] += 1;
  return counts;
}

const bandSchema = z.tuple([z.number().nullable(), z.number().nullable()]);
const calibrationSchema = z.object({
  method: z.enum(['platt', 'isotonic']),
  heldout: z.object({ molecules: z.number(), brier_raw: z.number(), brier_calibrated: z.number(), ece_raw: z.number(), ece_calibrated: z.number() }),
});

/** GET /api/admet/models: what the page shows beside each endpoint (the model card's numbers, from the shipped manifest). */
export const admetModelCardSchema = z.object({
  version: z.string().nullable(),
  /** The approved drugs the percentiles refer to. */
  reference: z.object({ source: z.string(), set: z.string(), molecules: z.number() }).nullable(),
  endpoints: z.array(
    z.object({
      name: z.string(),
      /** TDC metric on the held-out scaffold test (AUROC, AUPRC, MAE, Spearman). */
      metric: z.string(),
      /** The training's own single held-out split (noisy: off by up to 0.1 either way; docs/models/admet.md). */
      heldout_metric: z.number(),
      test_size: z.number(),
      /** The figure the page shows: the configuration refitted on five seeds of TDC's scaffold split (rare scaffolds tested). */
      validation: z.object({ split: z.string(), mean: z.number(), sd: z.number(), scores: z.array(z.number().nullable()) }).nullable(),
      calibration: calibrationSchema.nullish(),
      /** Verdict bands: low inclusive, high exclusive, null unbounded; outside both is red. */
      rule: z.object({ favourable: bandSchema, caution: bandSchema, scale: z.enum(['value', 'ld50_mg_per_kg']) }),
      /** A textbook case the model gets wrong (sanity panel). */
      limitation: z.object({ zh: z.string(), en: z.string() }).nullable(),
    }),
  ),
});
export type AdmetModelCard = z.infer<typeof admetModelCardSchema>;
export type AdmetEndpointCard = AdmetModelCard['endpoints'][number];
