import { z } from 'zod';

/** A field's JSON schema: the parts the tests read typed, the rest kept as it is. */
export const fieldSchema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  default: z.unknown().optional(),
  minimum: z.number().optional(),
  minLength: z.number().optional(),
});
export type Field = z.infer<typeof fieldSchema>;

/** The parts of the OpenAPI document that the tests read: each operation's parameters, body and answers. */
export const openApiDocumentSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        parameters: z.array(z.object({ in: z.string(), name: z.string(), required: z.boolean().optional(), schema: fieldSchema })).default([]),
        responses: z.record(z.string(), z.object({ content: z.unknown().optional() })),
        requestBody: z
          .object({
            content: z.record(z.string(), z.object({ schema: z.object({ properties: z.record(z.string(), fieldSchema).default({}), required: z.array(z.string()).default([]) }) })),
          })
          .optional(),
      }),
    ),
  ),
});
