import { z } from 'zod';

/**
 * The medicinal-chemistry half of an ADMET row (`python/yunyao/admet/medchem.py`): structural
 * alerts from RDKit's filter catalogues, five drug-likeness rules as SwissADME defines them, and
 * the molecule's place on the BOILED-Egg (Daina & Zoete, ChemMedChem 2016).
 */

export const ALERT_CATALOGS = ['PAINS_A', 'PAINS_B', 'PAINS_C', 'Brenk', 'NIH'] as const;
export type AlertCatalog = (typeof ALERT_CATALOGS)[number];

export const structuralAlertSchema = z.object({
  catalog: z.enum(ALERT_CATALOGS),
  /** The catalogue's description of the pattern, e.g. `ene_rhod_A(235)`. */
  name: z.string(),
  /** Matched atoms, indexed as in the row's SMILES. */
  atoms: z.array(z.number().int()),
  /** Bonds between the matched atoms, for the drawing's highlight. */
  bonds: z.array(z.number().int()),
});
export type StructuralAlert = z.infer<typeof structuralAlertSchema>;

export const DRUG_LIKENESS_RULES = ['Lipinski', 'Ghose', 'Veber', 'Egan', 'Muegge'] as const;
export type DrugLikenessRule = (typeof DRUG_LIKENESS_RULES)[number];

export const ruleVerdictSchema = z.object({
  pass: z.boolean(),
  /** Each failed criterion with its value and limit, e.g. `MW 612.7 > 500`. */
  violations: z.array(z.string()),
});
export type RuleVerdict = z.infer<typeof ruleVerdictSchema>;

export const drugLikenessSchema = z.object({
  Lipinski: ruleVerdictSchema,
  Ghose: ruleVerdictSchema,
  Veber: ruleVerdictSchema,
  Egan: ruleVerdictSchema,
  Muegge: ruleVerdictSchema,
});
export type DrugLikeness = z.infer<typeof drugLikenessSchema>;

/** `yolk`: likely to cross the blood-brain barrier; `white`: likely absorbed by the gut only; `outside`: neither. */
export const EGG_REGIONS = ['yolk', 'white', 'outside'] as const;
export type EggRegion = (typeof EGG_REGIONS)[number];

export const boiledEggSchema = z.object({
  wlogp: z.number(),
  /** Polar N and O only (no S, P), SwissADME's convention. */
  tpsa: z.number(),
  region: z.enum(EGG_REGIONS),
});
export type BoiledEgg = z.infer<typeof boiledEggSchema>;

/**
 * The published ellipses in the (TPSA, WLOGP) plane: centre, full axis lengths and rotation in
 * radians (Daina & Zoete, ChemMedChem 11, 1117 (2016), supplementary; the same numbers as the step's).
 */
export const BOILED_EGG_ELLIPSES = {
  white: { tpsa: 71.051, wlogp: 2.292, width: 142.081, height: 8.74, angle: -0.018 },
  yolk: { tpsa: 38.117, wlogp: 3.177, width: 82.061, height: 5.557, angle: -0.003 },
} as const;

/** The three keys a result row and the detail answer carry; null on a row that could not be read. */
export const admetMedchemShape = {
  alerts: z.array(structuralAlertSchema).nullish(),
  rules: drugLikenessSchema.nullish(),
  boiled_egg: boiledEggSchema.nullish(),
};
