import {
  ApiError,
  errors,
  fenToYuan,
  type AppliedInvoice,
  type FeedbackTicket,
  type InviteRecord,
  type InvoiceInfo,
  type TerminalTask,
} from '@yunyao/contract';
import {
  applyForInvoice,
  applyHpcAccount,
  closeAccount,
  deleteInvoiceInfo,
  getFeedback,
  getInvoiceInfo,
  insertFeedback,
  insertInvoiceInfo,
  listFeedback,
  listInviteRewards,
  listInvoiceApplications,
  listInvoiceInfos,
  listTerminalJobs,
  revokeFeedback,
  updateInvoiceInfo,
  type Db,
  type FeedbackRecord,
  type InvoiceInfoRecord,
  type TerminalJobRecord,
} from '@yunyao/db';
import type { Storage } from '@yunyao/platform';
import { formatDate } from '../format.ts';

/*
 * The personal centre apart from payments and refunds, below its routes: invoice infos and
 * applications, invite records, feedback tickets, supercomputer accounts, terminal tasks and
 * account closure, each read or written through the repositories and shaped for the API.
 */

const APPLICATION_STATUS_TEXT = { pending: '待开票', issued: '已开票', rejected: '已驳回' } as const;
const FEEDBACK_STATUS_TEXT = { pending: '待处理', resolved: '已处理', revoked: '已撤销' } as const;
const SLURM_STATE_TEXT: Record<string, string> = {
  PENDING: '排队中',
  RUNNING: '运行中',
  COMPLETED: '已完成',
  FAILED: '运行失败',
  CANCELLED: '已取消',
  TIMEOUT: '运行超时',
  NODE_FAIL: '节点故障',
  OUT_OF_MEMORY: '内存不足',
};

/** a***@example.com */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return `${email.slice(0, 1)}***`;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function presentInvoiceInfo(r: InvoiceInfoRecord): InvoiceInfo {
  return {
    id: r.id,
    header: r.header,
    serial_num: r.serialNum,
    address: r.address,
    telphone: r.telphone,
    bank_name: r.bankName,
    bank_account: r.bankAccount,
    user_name: r.userName,
    cell_phone: r.cellPhone,
    user_address: r.userAddress,
    zip_code: r.zipCode,
    created_at: formatDate(r.createdAt),
  };
}

function presentFeedback(r: FeedbackRecord): FeedbackTicket {
  return {
    id: r.id,
    content: r.content,
    image: r.imageKey ? `/api/feedback/${r.id}/image` : null,
    contact: r.contact,
    status: r.status,
    status_text: FEEDBACK_STATUS_TEXT[r.status],
    created_at: formatDate(r.createdAt),
  };
}

function presentTerminalJob(r: TerminalJobRecord): TerminalTask {
  const state = r.state.split(' ')[0]!.toUpperCase();
  return {
    jobid: r.jobId,
    job_type: r.jobType,
    jobname: r.jobName,
    start: formatDate(r.startedAt),
    end: formatDate(r.endedAt),
    machine_time: r.machineTime,
    unit_price: fenToYuan(r.unitPriceFen),
    task_fee: fenToYuan(r.feeFen),
    state_text: SLURM_STATE_TEXT[state] ?? r.state,
  };
}

// ---- Invoice infos ----

async function ownInvoiceInfoRecord(db: Db, id: number, userId: number): Promise<InvoiceInfoRecord> {
  const info = await getInvoiceInfo(db, id);
  if (!info) throw new ApiError(errors.invoiceNotFound);
  if (info.userId !== userId) throw new ApiError(errors.forbidden);
  return info;
}

export const ownInvoiceInfo = async (db: Db, id: number, userId: number): Promise<InvoiceInfo> => presentInvoiceInfo(await ownInvoiceInfoRecord(db, id, userId));

export const invoiceInfos = async (db: Db, userId: number): Promise<InvoiceInfo[]> => (await listInvoiceInfos(db, userId)).map(presentInvoiceInfo);

export type InvoiceInfoFields = Omit<InvoiceInfo, 'id' | 'created_at'>;

/** Creates an invoice info (no `id`) or updates the user's own one; `created` tells which. */
export async function saveInvoiceInfo(db: Db, userId: number, id: number | undefined, body: InvoiceInfoFields): Promise<{ info: InvoiceInfo; created: boolean }> {
  const { header, serial_num, address, telphone, bank_name, bank_account, user_name, cell_phone, user_address, zip_code } = body;
  const fields = {
    header,
    serialNum: serial_num,
    address,
    telphone,
    bankName: bank_name,
    bankAccount: bank_account,
    userName: user_name,
    cellPhone: cell_phone,
    userAddress: user_address,
    zipCode: zip_code,
  };
  if (id === undefined) return { info: presentInvoiceInfo(await insertInvoiceInfo(db, userId, fields)), created: true };
  await ownInvoiceInfoRecord(db, id, userId);
  const updated = await updateInvoiceInfo(db, id, userId, fields);
  if (!updated) throw new ApiError(errors.invoiceNotFound);
  return { info: presentInvoiceInfo(updated), created: false };
}

export async function removeInvoiceInfo(db: Db, id: number, userId: number): Promise<void> {
  await ownInvoiceInfoRecord(db, id, userId);
  if (!(await deleteInvoiceInfo(db, id, userId))) throw new ApiError(errors.invoiceNotFound);
}

// ---- Invoice applications ----

export type InvoiceHeader = { header: string; serial_num: string; address: string; telphone: string; bank_name: string; bank_account: string };

/** The header of a saved invoice info of the user's, for an application that names one. */
export async function invoiceHeaderOf(db: Db, invoiceId: number, userId: number): Promise<InvoiceHeader> {
  const info = await ownInvoiceInfoRecord(db, invoiceId, userId);
  return { header: info.header, serial_num: info.serialNum, address: info.address, telphone: info.telphone, bank_name: info.bankName, bank_account: info.bankAccount };
}

/** Applies for an order's invoice; the id of the application. */
export async function applyInvoice(db: Db, application: Parameters<typeof applyForInvoice>[1]): Promise<number> {
  const outcome = await applyForInvoice(db, application);
  if (!outcome.ok) {
    const entry = { not_found: errors.orderNotFound, forbidden: errors.forbidden, not_invoiceable: errors.orderNotInvoiceable, already_applied: errors.invoiceAlreadyApplied }[outcome.reason];
    throw new ApiError(entry);
  }
  return outcome.application.id;
}

export const appliedInvoices = async (db: Db, userId: number): Promise<AppliedInvoice[]> =>
  (await listInvoiceApplications(db, userId)).map((a): AppliedInvoice => {
    const inv = a.invoice as { header?: string; serial_num?: string };
    return {
      id: a.id,
      order_id: a.orderId,
      amount: fenToYuan(a.amountFen),
      type: a.type,
      invoice: { header: inv.header ?? '', serial_num: inv.serial_num ?? '' },
      status_text: APPLICATION_STATUS_TEXT[a.status],
      created_at: formatDate(a.createdAt),
    };
  });

// ---- Invites ----

export const inviteRecords = async (db: Db, userId: number): Promise<InviteRecord[]> =>
  (await listInviteRewards(db, userId)).map((r): InviteRecord => {
    const account = r.inviteeClosed ? '已注销用户' : r.inviteeEmail ? maskEmail(r.inviteeEmail) : '';
    return {
      name: account,
      created_at: formatDate(r.createdAt),
      updated_at: formatDate(r.createdAt),
      remark: { account },
      balance_before: fenToYuan(r.balanceBeforeFen),
      balance_after: fenToYuan(r.balanceAfterFen),
      amount: fenToYuan(r.amountFen),
    };
  });

// ---- Feedback ----

/** Stores the ticket's checked image (`type` is its real format) and the ticket. */
export async function submitFeedback(
  db: Db,
  storage: Storage,
  userId: number,
  ticket: { content: string; contact: string },
  image: { type: 'jpg' | 'png'; data: Buffer } | undefined,
): Promise<FeedbackTicket> {
  let imageKey: string | null = null;
  if (image) {
    imageKey = `users/${userId}/feedback/${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${image.type}`;
    await storage.put(imageKey, image.data);
  }
  return presentFeedback(await insertFeedback(db, { userId, content: ticket.content, contact: ticket.contact, imageKey }));
}

export const feedbackTickets = async (db: Db, userId: number): Promise<FeedbackTicket[]> => (await listFeedback(db, userId)).map(presentFeedback);

async function ownFeedback(db: Db, id: number, userId: number): Promise<FeedbackRecord> {
  const ticket = await getFeedback(db, id);
  if (!ticket) throw new ApiError(errors.feedbackNotFound);
  if (ticket.userId !== userId) throw new ApiError(errors.forbidden);
  return ticket;
}

/** The storage key of the user's own ticket's image. */
export async function feedbackImageKey(db: Db, id: number, userId: number): Promise<string> {
  const ticket = await ownFeedback(db, id, userId);
  if (!ticket.imageKey) throw new ApiError(errors.fileNotFound);
  return ticket.imageKey;
}

export async function revokeOwnFeedback(db: Db, id: number, userId: number): Promise<void> {
  const ticket = await ownFeedback(db, id, userId);
  if (!(await revokeFeedback(db, ticket.id, userId))) throw new ApiError(errors.feedbackNotRevocable);
}

// ---- Supercomputer (terminal direct connection) ----

export async function applyHpc(db: Db, userId: number, node: Parameters<typeof applyHpcAccount>[2]) {
  const account = await applyHpcAccount(db, userId, node);
  if (!account) throw new ApiError(errors.hpcAlreadyApplied);
  return { node: account.node, status: account.status };
}

export async function terminalTasks(db: Db, userId: number, page: number, limit: number): Promise<{ total: number; data: TerminalTask[] }> {
  const { total, rows } = await listTerminalJobs(db, userId, page, limit);
  return { total, data: rows.map(presentTerminalJob) };
}

// ---- Account cancellation ----

/** Closes the account, then deletes its stored objects (a failed delete is logged and leaves an orphan object). */
export async function closeUserAccount(db: Db, storage: Storage, userId: number, warn: (detail: object, message: string) => void): Promise<void> {
  const closed = await closeAccount(db, userId);
  if (!closed) throw new ApiError(errors.tokenRevoked);
  // Stored objects go after the commit: a failed delete leaves an orphan object, never a row pointing nowhere.
  for (const key of closed.storageKeys) await storage.delete(key).catch((err) => warn({ err, key }, 'could not delete a closed account\'s object'));
  for (const prefix of closed.storagePrefixes) await storage.deletePrefix(prefix).catch((err) => warn({ err, prefix }, 'could not delete a closed account\'s task objects'));
}
