import { z } from 'zod';

/** The largest value of a 32-bit `serial` column (users, data files, invoices, tickets, access tokens…). */
export const SERIAL_ID_MAX = 2 ** 31 - 1;

/**
 * The id of a row in a `serial` table. A larger number names no row; unchecked, it reaches the
 * database as an out-of-range integer and fails the query instead of finding nothing.
 */
export const serialIdSchema = z.coerce.number().int().positive().max(SERIAL_ID_MAX);

/** A task id: tasks are `bigserial`, read as JS numbers, so any safe positive integer (zod's `int`). */
export const taskIdSchema = z.coerce.number().int().positive();

/** `/:id` of a file, invoice info, feedback ticket or access token. */
export const idParamsSchema = z.object({ id: serialIdSchema });

/** `/:id` of a task. */
export const taskIdParamsSchema = z.object({ id: taskIdSchema });
