import { z } from 'zod';
import { yuanAmount } from '../personal.ts';
import { submitDataSchema } from '../tasks.ts';
import { endpoint } from './endpoint.ts';

/** The platform's own field of every submit form: the most the user lets this task cost (yuan). */
export const SPEND_CAP_FIELD = 'spend_cap';
export const MAX_SPEND_CAP_YUAN = 100_000;
export const SPEND_CAP_INVALID = `任务费用上限须在 0.01 到 ${MAX_SPEND_CAP_YUAN} 元之间！`;
/** Yuan, as typed in the form: empty means no cap. */
export const spendCapSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  yuanAmount(SPEND_CAP_INVALID)
    .refine((n) => n >= 0.01 && n <= MAX_SPEND_CAP_YUAN, SPEND_CAP_INVALID)
    .optional(),
);

/**
 * The platform's field of forms that take molecules: `1` submits a batch whose unreadable SMILES
 * lines were shown to the user (errno 40008) and the user chose to skip them.
 */
export const SKIP_UNREADABLE_FIELD = 'skip_unreadable';

/** The `data` of a 40008 refusal: which lines RDKit could not read, and why. */
export const unreadableMoleculesSchema = z.object({
  /** The file they are in, or null for the typed molecules. */
  file: z.string().nullable(),
  /** How many molecules the input holds, readable or not. */
  molecules: z.number(),
  /** How many lines cannot be read; `lines` lists the first hundred. */
  count: z.number(),
  /** Line numbers from 1: the typed molecule's line, or the file's line. */
  lines: z.array(z.object({ line: z.number(), smiles: z.string(), reason: z.string() })),
});
export type UnreadableMolecules = z.infer<typeof unreadableMoleculesSchema>;

const bilingualSchema = z.object({ zh: z.string(), en: z.string() });

/** GET /api/modules: what the platform can compute, and what each submit form takes. */
export const moduleInfoSchema = z.object({
  code: z.string(),
  version: z.string(),
  route: z.string(),
  name: bilingualSchema,
  description: bilingualSchema,
  /** Yuan per core-hour. */
  price: z.number(),
  engines: z.array(z.string()),
  files: z.array(z.object({ field: z.string(), extensions: z.array(z.string()), min: z.number(), max: z.number(), maxBytes: z.number() })),
});
export type ModuleInfo = z.infer<typeof moduleInfoSchema>;

export const moduleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/modules',
    response: z.array(moduleInfoSchema),
    auth: false,
    tag: 'modules',
    summary: 'The registered compute modules: names, prices, engines and file fields.',
  }),
};

/** What a submit endpoint needs to know of a module's declaration (`ModuleForm` in @yunyao/modules). */
export interface SubmitFormDeclaration {
  code: string;
  route: string;
  /** Several modules submit to `route`; the form's `module` field, the module's code, says which. */
  sharedRoute?: boolean;
  name: { zh: string };
  params: z.ZodType;
  files: readonly { field: string; min: number; max: number; dataCenterField?: string }[];
}

/** A module's whole form: its params, one array of files per file field, and the data-center ids that may stand in for them. */
function submitFormSchema(form: SubmitFormDeclaration): z.ZodType {
  const fileFields: Record<string, z.ZodType> = {};
  for (const spec of form.files) {
    const files = z.array(z.file()).min(spec.min).max(spec.max);
    fileFields[spec.field] = spec.min > 0 && !spec.dataCenterField ? files : files.optional();
    if (spec.dataCenterField) {
      fileFields[spec.dataCenterField] = z.array(z.string()).max(spec.max).optional().describe(`Data-center file ids used instead of uploading ${spec.field}`);
    }
  }
  const platformFields = {
    ...(form.sharedRoute ? { module: z.literal(form.code).describe('The module this submission is for, on a route several modules share') } : {}),
    [SPEND_CAP_FIELD]: spendCapSchema.optional(),
    [SKIP_UNREADABLE_FIELD]: z.enum(['0', '1']).optional().describe('1: skip the SMILES lines a 40008 refusal named'),
  };
  // The form documents the fields; the module's own refinements still run on the server.
  return form.params instanceof z.ZodObject
    ? z.object({ ...form.params.shape, ...fileFields, ...platformFields })
    : z.intersection(form.params, z.object({ ...fileFields, ...platformFields }));
}

/** A submission's cost before it runs (yuan): what `POST <route>/estimate` answers and submission holds. */
export const costEstimateSchema = z.object({
  /** The module's estimate of the CPU core-hours, from the input's size and the settings. */
  core_hours: z.number(),
  /** The estimate at the module's price. */
  estimate: z.number(),
  /** What submission holds on the balance: the user's cap, else the estimate with its margin; the task is stopped there. */
  hold: z.number(),
  /** The user's cap when the form gave one. */
  spend_cap: z.number().nullable(),
  balance: z.number(),
  /** What is set aside of the balance: the holds of the user's queued and running tasks and pending balance refunds. */
  held: z.number(),
  /** Balance less what is held: a submission must fit in it. */
  available: z.number(),
  /**
   * Where the module counts its cost in units the user chooses (free energy: ligands): how many
   * the submission has, and the estimate and hold of one. Absent for other modules.
   */
  per_unit: z.object({ unit: z.enum(['ligand', 'molecule']), count: z.number().int(), estimate: z.number(), hold: z.number() }).optional(),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

/** The modules a submit path takes: one form, or the forms of the modules sharing the route. */
type RouteForms = SubmitFormDeclaration | readonly [SubmitFormDeclaration, ...SubmitFormDeclaration[]];

function formsOf(forms: RouteForms): readonly SubmitFormDeclaration[] {
  return 'route' in forms ? [forms] : forms;
}

/** One form's fields, or a choice among the forms of a shared route (each with its `module` code). */
function routeBody(forms: RouteForms): z.ZodType {
  const list = formsOf(forms);
  return list.length === 1 ? submitFormSchema(list[0]!) : z.union(list.map(submitFormSchema));
}

const routeName = (forms: RouteForms) => formsOf(forms).map((form) => form.name.zh).join(' / ');
const routePath = (forms: RouteForms) => formsOf(forms)[0]!.route;

/** A module's estimate route (`<route>/estimate`): the submit form, answered with its cost; nothing is stored or held. */
export function estimateEndpoint(forms: RouteForms, path: string = routePath(forms)) {
  return endpoint({
    method: 'POST',
    path: `${path}/estimate`,
    body: routeBody(forms),
    reads: 'multipart',
    response: costEstimateSchema,
    auth: true,
    tag: 'modules',
    summary: `Estimates the cost of a ${routeName(forms)} task without submitting it.`,
  });
}

/** A module's submit route (and each alias; a route several modules share takes their forms): multipart, answers the new task's id. */
export function submitEndpoint(forms: RouteForms, path: string = routePath(forms)) {
  return endpoint({
    method: 'POST',
    path,
    body: routeBody(forms),
    reads: 'multipart',
    response: submitDataSchema,
    auth: true,
    tag: 'modules',
    summary: `Submits a ${routeName(forms)} task.`,
  });
}

/** What a preview endpoint needs of a module's declaration: its route and its preview's schemas (`ModulePreview` in @yunyao/modules). */
export interface PreviewDeclaration<B extends z.ZodType, R extends z.ZodType> {
  route: string;
  preview: { body: B; response: R; summary: string };
}

/** A module's preview route (`<route>/preview`): JSON in, the module's answer out, in seconds and free of charge. */
export function previewEndpoint<B extends z.ZodType, R extends z.ZodType>(form: PreviewDeclaration<B, R>) {
  return endpoint({
    method: 'POST',
    path: `${form.route}/preview`,
    body: form.preview.body,
    response: form.preview.response,
    auth: true,
    tag: 'modules',
    summary: form.preview.summary,
  });
}
