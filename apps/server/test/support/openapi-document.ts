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

/** A valid-looking value for a field a case does not test, so the request reaches the field it does. */
export function sample(property: Field): unknown {
  // Source radios pick the data center, so that `…_cos` ids are read.
  if (property.enum?.length) return property.enum.includes('cos') ? 'cos' : property.enum[0];
  if (property.default !== undefined) return property.default;
  if (property.type === 'integer' || property.type === 'number') return Math.max(property.minimum ?? 1, 1);
  if (property.type === 'boolean') return false;
  return 'x'.repeat(Math.max(property.minLength ?? 1, 1));
}

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
