import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { ApiError, errors, paramMessages } from '@yunyao/contract';

/**
 * Zod's built-in messages are English: an issue whose schema declares no message of its own
 * reads the catalogue's 参数错误 with the field and its bounds (param-messages.ts), as a message
 * id the error handler renders in the request's language. Pass it to every parse whose issues
 * can reach a user.
 */
export const catalogueMessages = paramMessages();

/**
 * Validates a request part with its zod schema. A failure answers the first issue's message;
 * path parameters that fail name no resource (an id beyond its column's range, a malformed
 * id), so they answer 404 rather than a validation error.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, catalogueMessages);
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: new ApiError(errors.notFound) };
    return { error: new ApiError(errors.validation, result.error.issues[0]?.message) };
  };
