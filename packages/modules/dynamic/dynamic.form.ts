import { z } from 'zod';
import { bothLanguages, messageRef } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { LIGAND_FILE_MISSING, ligandSourceParam } from '../shared/ligand-source.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, PROTEIN_SOURCE_INVALID, proteinSourceParams } from '../shared/protein-source.ts';
import { dynamicMeta } from './dynamic.meta.ts';
import { DYNAMIC_MESSAGES } from './dynamic.messages.ts';
import { dynamicCoreHours, TYPICAL_PROTEIN_ATOMS } from './dynamic-cost.ts';
import { estimateFenOf } from '../shared/module-cost.ts';
import { defineWorkflowStep, workflowFilterField } from '../shared/workflow-step.ts';

/** The spec's sources for this page: no AlphaFold model (the ligands are posed in an experimental or docked structure). */
export const DYNAMIC_PROTEIN_SOURCES = ['file', 'cos', 'rcsb'] as const;
export const SALTS = ['NaCl', 'KCl'] as const;

// Spec, section 9 (constants): salt, its concentration (mol/L), equilibration and production ("segment") time (ns).
export const CONCENTRATION = { min: 0, max: 1, step: 0.01, default: 0.15 } as const;
export const EQUILIBRATION_NS = { min: 0, max: 10, default: 5 } as const;
export const PRODUCTION_NS = { min: 0, max: 20, default: 5 } as const;

// The spec's messages for this page (document 2, section 5, "Free energy").
export const RECEPTOR_FILE_MISSING = DYNAMIC_MESSAGES.receptorFileMissing;
export const PDB_ID_6_MISSING = DYNAMIC_MESSAGES.pdbId6Missing;
// The spec gives bounds but no words for these.
export const SALT_INVALID = DYNAMIC_MESSAGES.saltInvalid;
export const CONCENTRATION_INVALID = messageRef(DYNAMIC_MESSAGES.concentrationInvalid, { min: CONCENTRATION.min, max: CONCENTRATION.max, step: CONCENTRATION.step });
export const EQUILIBRATION_INVALID = messageRef(DYNAMIC_MESSAGES.equilibrationInvalid, { min: EQUILIBRATION_NS.min, max: EQUILIBRATION_NS.max });
export const PRODUCTION_INVALID = messageRef(DYNAMIC_MESSAGES.productionInvalid, { min: PRODUCTION_NS.min, max: PRODUCTION_NS.max });
export const LIGAND_TYPE_INVALID = DYNAMIC_MESSAGES.ligandTypeInvalid;
// Not in the spec (its form has no protocol): this module's own words.
export const PROTOCOL_INVALID = DYNAMIC_MESSAGES.protocolInvalid;
export const PROTOCOL_MISMATCH = DYNAMIC_MESSAGES.protocolMismatch;

/**
 * Simulation protocols the form offers: presets of equilibration (`btime`) and production (`stime`)
 * time, each inside the spec's bounds, or `custom` (the times as the user typed them). The server
 * still receives and validates `btime`/`stime`; `protocol` is optional and only recorded.
 *
 * - minimised: no dynamics (0 + 0 ns): MM/GBSA of the energy-minimised posed complex, minutes per
 *   ligand (set-up, AM1 charges and the minimisation are the cost). The measured best ranking per
 *   core-hour: on the whole p38 series it ranked as well as the short-MD runs measured on 6 ligands
 *   (docs/models/free-energy.md, "Measured").
 * - standard: the spec's defaults (5 + 5 ns), the form's default.
 * - precise: the bounds' maxima (10 + 20 ns), for the series a decision rests on.
 * - fast: sized to about 1 core-hour (≈ ¥1) per ligand for a typical drug-target complex (≈ 6,000
 *   protein atoms, ≈ 36,000 atoms solvated). That is an estimate: OpenMM on CPU runs such a system
 *   at roughly 5–15 ns/day on 2 cores (dynamic-cost.ts charges about 12.6 core-hours per ns for it,
 *   the slow end, plus ≈ 5 min of set-up per ligand), so one core-hour buys only ≈ 0.07 ns:
 *   20 ps of restrained equilibration and 50 ps of production (50 snapshots, 1 ps apart).
 *   Enough to relax the docked pose and average out single-pose noise (docs/models/free-energy.md,
 *   "Measured": 30 ps improved the ranking over the minimised pose), not to sample the complex.
 */
export const PROTOCOLS = ['minimised', 'fast', 'standard', 'precise', 'custom'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export type PresetProtocol = Exclude<Protocol, 'custom'>;
export const PROTOCOL_PRESETS: Record<PresetProtocol, { btime: number; stime: number }> = {
  minimised: { btime: EQUILIBRATION_NS.min, stime: PRODUCTION_NS.min },
  fast: { btime: 0.02, stime: 0.05 },
  standard: { btime: EQUILIBRATION_NS.default, stime: PRODUCTION_NS.default },
  precise: { btime: EQUILIBRATION_NS.max, stime: PRODUCTION_NS.max },
};
export const PRESET_PROTOCOLS = Object.keys(PROTOCOL_PRESETS) as PresetProtocol[];

/** The preset these times are, or `custom`. */
export function protocolOf(times: { btime: number; stime: number }): Protocol {
  return PRESET_PROTOCOLS.find((p) => PROTOCOL_PRESETS[p].btime === times.btime && PROTOCOL_PRESETS[p].stime === times.stime) ?? 'custom';
}

/**
 * What one ligand costs (fen) under a protocol, by the module's own estimate (dynamic-cost.ts) and
 * price, for a receptor of `proteinAtoms` (by default a typical one; the estimate route prices the
 * receptor actually submitted).
 */
export function dynamicLigandFen(times: { btime: number; stime: number }, proteinAtoms = TYPICAL_PROTEIN_ATOMS): number {
  return estimateFenOf(dynamicCoreHours({ ligands: 1, proteinAtoms, btime: times.btime, stime: times.stime }), dynamicForm.priceFenPerCoreHour);
}

/** The receptor: usually the receptor a docking task prepared; this page's own words when it is missing. */
export const RECEPTOR_FILE_FIELD: FileFieldSpec = {
  ...PROTEIN_FILE_FIELD,
  requiredMessage: bothLanguages(RECEPTOR_FILE_MISSING),
};

/** The posed ligands: a .zip of .mol2 files, one pose each (spec), or a single .mol2. */
export const POSED_LIGANDS_FIELD: FileFieldSpec = {
  field: 'ligand',
  // .sdf: a workflow hands docking's best poses on as one SDF.
  extensions: ['.zip', '.mol2', '.sdf'],
  // The source, not the field, decides whether a file is required (see ligandSourceProblem).
  min: 0,
  max: 1,
  maxBytes: 10 * MB,
  requiredMessage: bothLanguages(LIGAND_FILE_MISSING),
  dataCenterField: 'ligand_cos',
};

/** A number within bounds; the spec's form sends strings. */
const bounded = (bounds: { min: number; max: number; default: number }, message: string) =>
  z.coerce.number({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message }).default(bounds.default);

/** On the 0.01 mol/L grid, allowing for binary fractions (0.15 is not exact in floating point). */
const onConcentrationGrid = (c: number) => Math.abs(c / CONCENTRATION.step - Math.round(c / CONCENTRATION.step)) < 1e-6;

/** The simulation settings, on the page and as a workflow step alike. */
const simulationSettings = {
  ions: z.enum(SALTS, { error: SALT_INVALID }).default('NaCl'),
  concentration: bounded(CONCENTRATION, CONCENTRATION_INVALID).refine(onConcentrationGrid, { error: CONCENTRATION_INVALID }),
  btime: bounded(EQUILIBRATION_NS, EQUILIBRATION_INVALID),
  stime: bounded(PRODUCTION_NS, PRODUCTION_INVALID),
};

export const dynamicParams = z
  .object({
    ...proteinSourceParams,
    protein_source: z.enum(DYNAMIC_PROTEIN_SOURCES, { error: PROTEIN_SOURCE_INVALID }).default('file'),
    ligand_source: ligandSourceParam,
    ...simulationSettings,
    /** Seed of the initial velocities and the thermostat; recorded with the result. */
    seed: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional(),
    /** The form's protocol (not in the spec); a preset must carry its own times. Recorded with the result. */
    protocol: z.enum(PROTOCOLS, { error: PROTOCOL_INVALID }).optional(),
  })
  .superRefine((p, ctx) => {
    checkProteinIds(p, ctx, PDB_ID_6_MISSING);
    if (p.protocol && p.protocol !== 'custom' && protocolOf(p) !== p.protocol) ctx.addIssue({ code: 'custom', path: ['protocol'], message: PROTOCOL_MISMATCH });
  });
export type DynamicParams = z.infer<typeof dynamicParams>;

/** Free energy as a workflow step: MM/GBSA of each docked molecule's best pose (spec: never first, only after docking). */
const dynamicWorkflowStep = defineWorkflowStep({
  needs: ['protein', 'poses'],
  gives: [],
  placement: {
    first: { zh: '结合自由能模块不能放在首位！', en: 'The binding free energy step cannot come first.' },
    after: { zh: '结合自由能模块须放在分子对接模块后！', en: 'The binding free energy step must come after a docking step.' },
  },
  fields: z.object({ ...simulationSettings, filter: workflowFilterField }),
  score: { column: 'dG', better: 'lower', label: { zh: 'ΔG 结合', en: 'ΔG bind' }, unit: 'kcal/mol' },
  columns: [{ kind: 'sem', column: 'dG_sem' }],
  nameColumn: 'name',
  files: { protein: RECEPTOR_FILE_FIELD.field, poses: POSED_LIGANDS_FIELD.field },
  formFields: (f) => ({
    protein_source: 'file',
    ligand_source: 'file',
    ions: f.ions,
    concentration: String(f.concentration),
    btime: String(f.btime),
    stime: String(f.stime),
  }),
});

/** What the free-energy form accepts; shared by the web form and the server's validation. */
export const dynamicForm = defineForm({
  ...dynamicMeta,
  description: {
    zh: '对对接得到的蛋白–配体复合物做分子动力学（OpenMM，Amber ff14SB 蛋白力场、GAFF 配体力场、TIP3P 显式水与所选盐），平衡后在生产阶段取快照，用 MM/GBSA（GBn2 隐式溶剂 + 表面积非极性项）计算结合自由能 ΔG 及其范德华、静电、极性与非极性溶剂化分量和标准误，并给出贡献最大的残基。',
    en: 'Runs molecular dynamics of docked protein–ligand complexes (OpenMM; Amber ff14SB protein, GAFF ligands, TIP3P water with the chosen salt), then scores production snapshots by MM/GBSA (GBn2 implicit solvent plus a surface-area non-polar term) into the binding free energy ΔG, its van der Waals, electrostatic, polar and non-polar solvation components with standard errors, and the residues that contribute most.',
  },
  priceFenPerCoreHour: 100,
  cores: 2,
  history: 'paged',
  files: [RECEPTOR_FILE_FIELD, POSED_LIGANDS_FIELD],
  workflowStep: dynamicWorkflowStep,
  proteinSource: RECEPTOR_FILE_FIELD,
  params: dynamicParams,
});
