import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  inviteCode: text('invite_code').notNull().unique(),
  invitedBy: integer('invited_by'),
  /** Cached sum of this user's ledger entries, moved in the same transaction as each entry (ledger:verify checks it). */
  balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** A login session: one refresh-token family. Revoking it ends every token in the family. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  revokeReason: text('revoke_reason'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const LEDGER_KINDS = ['recharge', 'task_charge', 'refund', 'invite_reward', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every balance change. The balance is the sum of `amount_fen`; `ref` names what
 * caused the entry (`task:42`, `order:...`) and is unique per kind, which is what
 * makes a task charge happen at most once however many times completion runs.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId),
    uniqueIndex('ledger_entries_kind_ref_uq').on(t.kind, t.ref).where(sql`${t.ref} is not null`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    moduleVersion: text('module_version').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] }).notNull(),
    params: jsonb('params').notNull(),
    result: jsonb('result'),
    error: text('error'),
    /** 'input' when the user's data caused the failure (charged), 'platform' otherwise (free). */
    failureKind: text('failure_kind', { enum: ['input', 'platform'] }),
    out: text('out'),
    attempts: smallint('attempts').notNull().default(0),
    worker: text('worker'),
    cpuSeconds: doublePrecision('cpu_seconds').notNull().default(0),
    /** Core-hours billed, 6 decimals. */
    machineTime: doublePrecision('machine_time').notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    parentId: bigint('parent_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    index('tasks_user_module_idx').on(t.userId, t.module),
    index('tasks_state_idx').on(t.state),
  ],
);

export const TASK_FILE_ROLES = ['input', 'output', 'log'] as const;

export const taskFiles = pgTable(
  'task_files',
  {
    id: serial('id').primaryKey(),
    taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => tasks.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TASK_FILE_ROLES }).notNull(),
    /** Form field for inputs, empty for outputs. */
    field: text('field').notNull().default(''),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [index('task_files_task_idx').on(t.taskId)],
);

export const taskRows = pgTable(
  'task_rows',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => tasks.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [uniqueIndex('task_rows_pk').on(t.taskId, t.idx)],
);

export const dataFiles = pgTable(
  'data_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('data_files_user_type_idx').on(t.userId, t.type)],
);
