import { z } from 'zod';
import { submitDataSchema } from '../tasks.ts';
import { endpoint } from './endpoint.ts';

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
  route: string;
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
  // The form documents the fields; the module's own refinements still run on the server.
  return form.params instanceof z.ZodObject ? z.object({ ...form.params.shape, ...fileFields }) : z.intersection(form.params, z.object(fileFields));
}

/** A module's submit route (and each alias): multipart, answers the new task's id. */
export function submitEndpoint(form: SubmitFormDeclaration, path: string = form.route) {
  return endpoint({
    method: 'POST',
    path,
    body: submitFormSchema(form),
    reads: 'multipart',
    response: submitDataSchema,
    auth: true,
    tag: 'modules',
    summary: `Submits a ${form.name.zh} task.`,
  });
}
