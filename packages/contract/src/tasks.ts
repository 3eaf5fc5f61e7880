import { z } from 'zod';
import { taskIdSchema } from './ids.ts';
import { DEFAULT_PAGE_SIZE, OUTPUT_PAGE_LIMIT_MAX, PAGE_SIZES, SIMPLE_HISTORY_LIMIT } from './constants.ts';
import { RESULT_ROW_SCHEMAS } from './result-rows.ts';

/** The numeric status the spec's lists filter on: 1 running (or queued), 2 success, 3 failed (or cancelled). */
export const TaskStatus = { running: 1, success: 2, failed: 3 } as const;
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];

/** The finer lifecycle kept in the database; `status` and `status_text` derive from it. */
export const TASK_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * Why a failed task failed, which decides whether it is charged (packages/db billing-rule.ts):
 * `input` the step refused the user's input before doing real work, `engine` an engine or step
 * exited non-zero, `time_limit` a step ran past its limit, `cancelled` the user stopped it,
 * `spending_cap` its CPU reached what submission held for it (the estimate's margin or the user's
 * per-task cap), `platform` the platform itself broke (spawn, storage, lost worker).
 */
export const TASK_FAILURE_KINDS = ['input', 'engine', 'time_limit', 'cancelled', 'spending_cap', 'platform'] as const;
export type TaskFailureKind = (typeof TASK_FAILURE_KINDS)[number];

export const STATUS_OF_STATE: Record<TaskState, TaskStatusCode> = {
  queued: 1,
  running: 1,
  succeeded: 2,
  failed: 3,
  cancelled: 3,
};

export const STATUS_TEXT: Record<TaskState, string> = {
  queued: '排队中',
  running: '运行中',
  succeeded: '已完成',
  failed: '已失败',
  cancelled: '已取消',
};

export const taskRowSchema = z.object({
  id: z.number(),
  /** The task's name as its module made it, in Chinese. */
  name: z.string(),
  /** The same name in English (the module makes both at submission); `name` again for tasks from before names were kept in both. */
  name_en: z.string(),
  module: z.string(),
  module_name: z.string(),
  created_at: z.string(),
  end: z.string().nullable(),
  updated_at: z.string(),
  elapsed: z.string().nullable(),
  machine_time: z.number(),
  task_fee: z.number(),
  /** Yuan: the module's estimate at submission (0 for tasks submitted before estimates). */
  estimate_fee: z.number(),
  /** Yuan: what submission held, the most the task may be charged (0 when it had no hold). */
  hold: z.number(),
  status: z.number(),
  status_text: z.string(),
  can_cancel: z.boolean(),
  result: z.string().nullable(),
  out: z.string().nullable(),
  has_admet: z.boolean(),
  statis: z.unknown().nullable(),
  /** While running, what the module reports of itself (e.g. 12 of 100 ligands); null otherwise. */
  progress: z
    .object({
      done: z.number(),
      total: z.number(),
      unit: z.string(),
      /** A running estimate of the result where the module keeps one, e.g. `{ label: 'dG', value: -8.4 }` (kcal/mol) during free-energy sampling. */
      estimate: z.object({ label: z.string(), value: z.number() }).optional(),
      /** A screen split into chunks (a Slurm job array, say): how many of them have finished. */
      chunks: z.object({ done: z.number(), total: z.number() }).optional(),
    })
    .nullable(),
  parent_id: z.number().nullable(),
  tasks: z.array(z.unknown()),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const taskListQuerySchema = z.object({
  module: z.string().optional(),
  status: z.coerce.number().int().min(0).max(3).default(0),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `每页条数只能是 ${PAGE_SIZES.join('、')}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const simpleHistoryQuerySchema = z.object({
  module: z.string(),
  limit: z.coerce.number().int().min(1).max(100).default(SIMPLE_HISTORY_LIMIT),
});

export const outputQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(OUTPUT_PAGE_LIMIT_MAX).optional(),
});

export const taskFileSchema = z.object({ name: z.string(), filename: z.string(), file: z.string() });
export type TaskFile = z.infer<typeof taskFileSchema>;

export const cancelBodySchema = z.object({ task_id: taskIdSchema });

/** GET /api/stream/download/: one file of a task, named by its `file` from /api/tasks/files. */
export const taskFileQuerySchema = z.object({ task_id: taskIdSchema, file: z.string().min(1).max(300) });

/** GET /api/tasks */
export const taskPageSchema = z.object({ total: z.number(), data: z.array(taskRowSchema) });
export type TaskPage = z.infer<typeof taskPageSchema>;

/** GET /api/tasks/files/{id} */
export const taskFilesSchema = z.object({ inputs: z.array(taskFileSchema), outputs: z.array(taskFileSchema) });
export type TaskFiles = z.infer<typeof taskFilesSchema>;

/** Every module's submit route answers this. */
export const submitDataSchema = z.object({ task_id: z.number() });
export type SubmitData = z.infer<typeof submitDataSchema>;

/**
 * GET /api/tasks/output/{id}: a page of result rows, each in its module's own shape (result-rows.ts; a module
 * outside the platform's own declares its shape beside it, and the worker checks every row before storing it).
 */
export const resultRowsSchema = z.array(
  z.union([...RESULT_ROW_SCHEMAS, z.looseObject({}).describe('A row of a module that declares its shape beside it')]),
);

/** GET /api/tasks/json/{id}: the module's whole result (its summary), null until the task ends. */
export const taskResultSchema = z.unknown();
