import { sql } from 'drizzle-orm';
import { TASK_FAILURE_KINDS, TASK_STATES } from '@yunyao/contract';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  /** Set when the user cancelled the account; the row stays (anonymised) so the ledger remains auditable. */
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
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

/**
 * Personal access tokens for scripts (`yyp_…` bearer values). Only the SHA-256 of the
 * secret is kept: the secret is 256 random bits, so no guessing attack can exploit a fast
 * hash and a slow one (argon2) would only cost every scripted request its latency.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in the list so the user can tell tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
);

/** `terminal_charge`: a job run on a supercomputer through the terminal direct connection, ref `terminal:<node>:<jobid>`. */
export const LEDGER_KINDS = ['recharge', 'task_charge', 'terminal_charge', 'refund', 'invite_reward', 'credit', 'account_closed'] as const;
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

/** A task's failure reason as a message id and its parameters (see @yunyao/contract `Message`). */
export interface TaskErrorMessage {
  code: string;
  params?: Record<string, unknown>;
}

export interface TaskProgress {
  done: number;
  total: number;
  unit: string;
  /** A running estimate of the result, where the module has one (free energy's current ΔG). */
  estimate?: { label: string; value: number };
  /** A step split into chunks (StepChunks): how many of them have finished. */
  chunks?: { done: number; total: number };
}

export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    moduleVersion: text('module_version').notNull(),
    name: text('name').notNull(),
    /** The name in English, made with `name` by the module's `taskName`; null for tasks from before it was kept. */
    nameEn: text('name_en'),
    state: text('state', { enum: TASK_STATES }).notNull(),
    params: jsonb('params').notNull(),
    result: jsonb('result'),
    /** Why the task failed or was cancelled, in Chinese (what readers from before `error_message` show). */
    error: text('error'),
    /**
     * The same as a message id and its parameters (`{ code: 'common.noMolecules', params: { file: 'a.csv' } }`),
     * so the task list renders it in the reader's language; null for tasks from before it was kept
     * and for reasons given as plain text.
     */
    errorMessage: jsonb('error_message').$type<TaskErrorMessage>(),
    /** Why a failed task failed; it decides whether the task was charged (billing-rule.ts). */
    failureKind: text('failure_kind', { enum: TASK_FAILURE_KINDS }),
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
    /** What a long step reports of itself while it runs, e.g. `{ done: 12, total: 100, unit: 'ligands' }`. */
    progress: jsonb('progress').$type<TaskProgress>(),
    /** The module's cost estimate from the input, at submission (fen). */
    estimateFen: bigint('estimate_fen', { mode: 'number' }).notNull().default(0),
    /** What submission held on the balance: the most this task may be charged (fen); the worker stops it there. */
    holdFen: bigint('hold_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    index('tasks_user_module_idx').on(t.userId, t.module),
    index('tasks_state_idx').on(t.state),
    // The task list's child tasks: without it every page scans the whole table for them.
    index('tasks_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

/**
 * How many top-level tasks (parent_id null) each user has per module and state, so the task
 * list's total is a sum of a few rows rather than a count over the user's whole history.
 * Kept exact by triggers on tasks (migration 0008_task_counts), never written by the application.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    state: text('state', { enum: TASK_STATES }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.module, t.state] })],
);

/**
 * Money set aside for a task that has not ended: one row per queued or running task, written
 * in the transaction that creates it and removed in the one that charges it. A user's available
 * balance is the balance less these; ledger:verify fails on a hold whose task has ended.
 */
export const taskHolds = pgTable(
  'task_holds',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_holds_user_idx').on(t.userId)],
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

/**
 * The QSAR model registry's own rows. A model is a QSAR build task that succeeded (its `tuna_id` is
 * the task's id, its card the task's result, its file the task's output), so the registry needs no
 * writing when a build ends and cannot miss one; a row here records what the user changed since:
 * a new name, or the model's deletion (the build stays in the task history).
 */
export const qsarModels = pgTable('qsar_models', {
  taskId: bigint('task_id', { mode: 'number' })
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  /** The user's name for the model; null keeps the build's own (the task name). */
  name: text('name'),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});

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

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Recharge orders. `status`: 1 pending payment, 2 closed (expired/failed), 3 paid (spec: 3 means paid), 4 refunded. */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    /** Merchant order number sent to the payment provider (out_trade_no). */
    orderId: text('order_id').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** Which provider implementation took the order: 'sandbox' or 'wechat'. */
    provider: text('provider').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    /** The provider's transaction id once paid. */
    transactionId: text('transaction_id'),
    /** Payment URL (code_url) the QR code encodes. */
    codeUrl: text('code_url'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('recharges_user_idx').on(t.userId, t.createdAt)],
);

/** Refund requests. kind 'recharge' refunds one paid order; 'balance' pays out part of the balance. status: pending, approved, rejected. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['recharge', 'balance'] }).notNull(),
    rechargeId: integer('recharge_id').references(() => recharges.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** Balance refunds: who receives the money and where (spec: 收款主体, 收款账号). */
    payeeName: text('payee_name'),
    payeeAccount: text('payee_account'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    staffNote: text('staff_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('refunds_user_idx').on(t.userId, t.createdAt)],
);

/** Saved invoice details (spec entity "Invoice info"): the header and tax data plus a recipient. */
export const invoiceInfos = pgTable(
  'invoice_infos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    serialNum: text('serial_num').notNull(),
    address: text('address').notNull().default(''),
    telphone: text('telphone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    cellPhone: text('cell_phone').notNull().default(''),
    userAddress: text('user_address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_infos_user_idx').on(t.userId)],
);

/** An invoice applied for one paid recharge; the invoice and recipient details are copied, so later edits do not change it. */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rechargeId: integer('recharge_id').notNull().unique().references(() => recharges.id),
    type: text('type', { enum: ['normal', 'special'] }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    invoice: jsonb('invoice').notNull(),
    recipient: jsonb('recipient').notNull(),
    status: text('status', { enum: ['pending', 'issued', 'rejected'] }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_applications_user_idx').on(t.userId)],
);

/** Feedback tickets. status: pending, resolved, revoked (only a pending ticket can be revoked). */
export const feedbackTickets = pgTable(
  'feedback_tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    contact: text('contact').notNull().default(''),
    status: text('status', { enum: ['pending', 'resolved', 'revoked'] }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('feedback_tickets_user_idx').on(t.userId)],
);

/** Supercomputer (terminal direct connection) accounts; node 'beijing' or 'bianshui'. */
export const hpcAccounts = pgTable(
  'hpc_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    node: text('node', { enum: ['beijing', 'bianshui'] }).notNull(),
    account: text('account'),
    status: text('status', { enum: ['applied', 'active', 'unbound'] }).notNull().default('applied'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('hpc_accounts_user_node_uq').on(t.userId, t.node)],
);

/** Jobs run through terminal direct connection, filled by the Slurm accounting sync. */
export const terminalJobs = pgTable(
  'terminal_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    node: text('node').notNull(),
    jobId: text('job_id').notNull(),
    jobType: text('job_type').notNull().default(''),
    jobName: text('job_name').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    machineTime: doublePrecision('machine_time').notNull().default(0),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    state: text('state').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('terminal_jobs_node_job_uq').on(t.node, t.jobId), index('terminal_jobs_user_idx').on(t.userId, t.startedAt)],
);

/**
 * One import of one file into the molecule library, identified by (source,
 * sha256 of the file's content): importing the same file again adds nothing, and
 * an interrupted import resumes after `records_done`, which moves in the same
 * transaction as each batch of molecules.
 */
export const libraryImports = pgTable(
  'library_imports',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Records of the file consumed so far (accepted and rejected). */
    recordsDone: integer('records_done').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** The first rejected records with their reasons: [{ i, name, reason }]. */
    rejectedSamples: jsonb('rejected_samples').notNull().default([]),
    status: text('status', { enum: ['running', 'done'] }).notNull().default('running'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('library_imports_source_sha_uq').on(t.source, t.sha256)],
);

/**
 * The small-molecule library (pool page, "database" molecule source): one row
 * per molecule with RDKit descriptors computed once at import.
 *
 * Indexes: a count over millions of rows is fast on PostgreSQL only when it
 * reads a narrow, ordered structure instead of the heap, and the migrations add
 * `INCLUDE (the other descriptors)` to each index so the remaining conditions
 * are checked inside it (index-only scan; the import VACUUMs on PostgreSQL so
 * the visibility map allows it). drizzle-kit cannot express INCLUDE, so the
 * migration SQL carries it.
 * - (source, n_ring, n_rot, tpsa): ring and rotatable-bond counts take few
 *   values, so the query turns their ranges into `= ANY(list)` and the btree
 *   runs one narrow tpsa range scan per (n_ring, n_rot) pair instead of one
 *   wide scan; this answers the page's counts (it always sends every range).
 * - (source, mw) and (source, logp): for queries that narrow mw or logp but
 *   leave n_ring/n_rot wide or unbounded (PostgreSQL 15 has no skip scan, so
 *   the first index needs n_ring and n_rot bounded to help).
 */
/** PostgreSQL `bit varying`, as the '0'/'1' string RDKit's `ToBitString` writes; `&` on it is the fingerprint screen. */
const bitVarying = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

export const libraryMolecules = pgTable(
  'library_molecules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => libraryImports.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    name: text('name').notNull(),
    /** RDKit canonical SMILES. */
    smiles: text('smiles').notNull(),
    tpsa: doublePrecision('tpsa').notNull(),
    logp: doublePrecision('logp').notNull(),
    nRing: smallint('n_ring').notNull(),
    nRot: smallint('n_rot').notNull(),
    /** Average molecular weight (RDKit Descriptors.MolWt), as in Lipinski's rule. */
    mw: doublePrecision('mw').notNull(),
    hbd: smallint('hbd').notNull(),
    hba: smallint('hba').notNull(),
    /** A metal atom anywhere (counter-ions too); null for molecules imported before the flags (migration 0009). */
    hasMetal: boolean('has_metal'),
    /** The first RDKit PAINS (A/B/C) alert matched, or null. */
    pains: text('pains'),
    /** RDKit pattern fingerprint (2048 bits) for the substructure screen without the cartridge (python/yunyao/library/flags.py). */
    patternFp: bitVarying('pattern_fp'),
    createdAt: createdAt(),
  },
  (t) => [
    index('library_molecules_source_ring_rot_tpsa_idx').on(t.source, t.nRing, t.nRot, t.tpsa),
    index('library_molecules_source_mw_idx').on(t.source, t.mw),
    index('library_molecules_source_logp_idx').on(t.source, t.logp),
    index('library_molecules_import_idx').on(t.importId),
  ],
);
