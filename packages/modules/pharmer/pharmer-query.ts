import { z } from 'zod';

/**
 * The pharmacophore query `python -m yunyao.pharmer.query` builds from the reference ligand in its
 * bound pose (docs/models/pharmacophore.md): the page draws it and lets the user switch features
 * off, and the task builds the same query again from the same files, so feature ids agree.
 */
export const PHARMACOPHORE_FAMILIES = ['Donor', 'Acceptor', 'Aromatic', 'Hydrophobe', 'PosIonizable', 'NegIonizable'] as const;
export type PharmacophoreFamily = (typeof PHARMACOPHORE_FAMILIES)[number];

const point = z.tuple([z.number(), z.number(), z.number()]);

export const pharmacophoreFeatureSchema = z.object({
  /** F1…Fn, stable for the same inputs. */
  id: z.string(),
  family: z.enum(PHARMACOPHORE_FAMILIES),
  center: point,
  /** Tolerance radius (Å) a screened molecule's feature must fall within. */
  radius: z.number(),
  /** Reference-ligand atoms (0-based) the feature sits on. */
  atoms: z.array(z.number().int()),
  /** The protein interacts with it in the reference complex (PLIP or a contact check). */
  interacting: z.boolean(),
  /** The residue it interacts with, e.g. `ASP86A`. */
  partner: z.string().nullable(),
  /** The kind of interaction, e.g. `hbond`, `saltbridge`, `pistack`, `hydrophobic`. */
  interaction: z.string().nullable(),
  /** On by default: the interacting features (or the best few when too few interact). */
  enabled: z.boolean(),
});
export type PharmacophoreFeature = z.infer<typeof pharmacophoreFeatureSchema>;

export const pharmacophoreQuerySchema = z.object({
  version: z.number(),
  features: z.array(pharmacophoreFeatureSchema),
  /** Receptor atoms near the ligand: a screened pose may not overlap them. */
  excluded: z.array(z.object({ center: point, radius: z.number() })),
  reference: z.object({ name: z.string(), smiles: z.string(), molblock: z.string() }).loose(),
  engines: z.record(z.string(), z.string()).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type PharmacophoreQuery = z.infer<typeof pharmacophoreQuerySchema>;

/** A reference ligand as the page sends it for the preview: its file name (the extension says the format) and text. */
export const referenceLigandSchema = z.object({ name: z.string().max(255), text: z.string().min(1) });
