import { z } from 'zod';

/** `/:id` of a task, file, invoice info or feedback ticket: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
