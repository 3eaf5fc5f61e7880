import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  ApiError,
  errors,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_TYPES,
  feedbackFieldsSchema,
  fenToYuan,
  ok,
  type AppliedInvoice,
  type FeedbackTicket,
  type InviteRecord,
  type InvoiceInfo,
  type OfficialQrCode,
  type PriceRow,
  type TerminalTask,
  endpoints,
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
  type FeedbackRecord,
  type InvoiceInfoRecord,
  type TerminalJobRecord,
} from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { formatDate } from '../format.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { endpointRoute } from './endpoint-route.ts';

/*
 * The personal centre apart from payments and refunds: invoice infos and
 * applications, invite records, feedback tickets, supercomputer prices and
 * accounts, terminal tasks, the official-account QR code and account closure.
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

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's real type when its extension and its first bytes agree on jpg or png. */
function imageType(filename: string, data: Buffer): 'jpg' | 'png' | undefined {
  const ext = extname(filename).toLowerCase();
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(ext)) return undefined;
  if (ext === '.png') return data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC) ? 'png' : undefined;
  return data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) ? 'jpg' : undefined;
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

export const accountRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  async function ownInvoiceInfo(id: number, userId: number): Promise<InvoiceInfoRecord> {
    const info = await getInvoiceInfo(db, id);
    if (!info) throw new ApiError(errors.invoiceNotFound);
    if (info.userId !== userId) throw new ApiError(errors.forbidden);
    return info;
  }

  // ---- Invoice infos ----

  app.route({
    ...endpointRoute(app, endpoints.personal.invoiceInfos),
    handler: async (req) => ok((await listInvoiceInfos(db, req.user.id)).map(presentInvoiceInfo)),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.invoiceInfo),
    handler: async (req) =>
      ok(presentInvoiceInfo(await ownInvoiceInfo(req.params.id, req.user.id))),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.saveInvoiceInfo),
    handler: async (req) => {
      const { id, header, serial_num, address, telphone, bank_name, bank_account, user_name, cell_phone, user_address, zip_code } = req.body;
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
      if (id === undefined) return ok(presentInvoiceInfo(await insertInvoiceInfo(db, req.user.id, fields)), '创建成功!');
      await ownInvoiceInfo(id, req.user.id);
      const updated = await updateInvoiceInfo(db, id, req.user.id, fields);
      if (!updated) throw new ApiError(errors.invoiceNotFound);
      return ok(presentInvoiceInfo(updated), '修改成功!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.removeInvoiceInfo),
    handler: async (req) => {
      await ownInvoiceInfo(req.params.id, req.user.id);
      if (!(await deleteInvoiceInfo(db, req.params.id, req.user.id))) throw new ApiError(errors.invoiceNotFound);
      return ok(null, '删除成功！');
    },
  });

  // ---- Invoice applications ----

  app.route({
    ...endpointRoute(app, endpoints.personal.applyInvoice),
    handler: async (req) => {
      const b = req.body;
      let invoice: { header: string; serial_num: string; address: string; telphone: string; bank_name: string; bank_account: string };
      if (b.invoice_id !== undefined) {
        const info = await ownInvoiceInfo(b.invoice_id, req.user.id);
        invoice = { header: info.header, serial_num: info.serialNum, address: info.address, telphone: info.telphone, bank_name: info.bankName, bank_account: info.bankAccount };
      } else {
        if (!b.header) throw new ApiError(errors.validation, '请输入发票抬头!');
        if (!b.serial_num) throw new ApiError(errors.validation, '请输入纳税人识别号!');
        invoice = {
          header: b.header,
          serial_num: b.serial_num,
          address: b.address ?? '',
          telphone: b.telphone ?? '',
          bank_name: b.bank_name ?? '',
          bank_account: b.bank_account ?? '',
        };
      }
      const recipient = { user_name: b.user_name, cell_phone: b.cell_phone, user_address: b.user_address, zip_code: b.zip_code };
      const outcome = await applyForInvoice(db, { userId: req.user.id, orderId: b.order_id, type: b.type, invoice, recipient });
      if (!outcome.ok) {
        const entry = { not_found: errors.orderNotFound, forbidden: errors.forbidden, not_invoiceable: errors.orderNotInvoiceable, already_applied: errors.invoiceAlreadyApplied }[outcome.reason];
        throw new ApiError(entry);
      }
      return ok({ id: outcome.application.id }, '开票成功，稍后将邮寄到收件地址!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.appliedInvoices),
    handler: async (req) =>
      ok(
        (await listInvoiceApplications(db, req.user.id)).map((a): AppliedInvoice => {
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
        }),
      ),
  });

  // ---- Invites ----

  app.route({
    ...endpointRoute(app, endpoints.personal.invites),
    handler: async (req) =>
      ok(
        (await listInviteRewards(db, req.user.id)).map((r): InviteRecord => {
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
        }),
      ),
  });

  // ---- Feedback ----

  app.route({
    ...endpointRoute(app, endpoints.personal.submitFeedback),
    handler: async (req) => {
      if (!req.isMultipart()) throw new ApiError(errors.validation, '请输入反馈内容！');
      const fields: Record<string, string> = {};
      let image: { filename: string; data: Buffer } | undefined;
      for await (const part of readParts(req, { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: 1 })) {
        if (part.type === 'file') {
          if (part.truncated) throw new ApiError(errors.feedbackImageTooLarge);
          if (part.filename) image = { filename: part.filename, data: part.data };
        } else {
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = feedbackFieldsSchema.safeParse(fields, catalogueMessages);
      if (!parsed.success) throw new ApiError(errors.validation, parsed.error.issues[0]?.message);
      let imageKey: string | null = null;
      if (image) {
        const type = imageType(image.filename, image.data);
        if (!type) throw new ApiError(errors.feedbackImageType);
        imageKey = `users/${req.user.id}/feedback/${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${type}`;
        await deps.storage.put(imageKey, image.data);
      }
      const ticket = await insertFeedback(db, { userId: req.user.id, content: parsed.data.content, contact: parsed.data.contact, imageKey });
      return ok(presentFeedback(ticket), '提交反馈成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.feedback),
    handler: async (req) => ok((await listFeedback(db, req.user.id)).map(presentFeedback)),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.feedbackImage),
    handler: async (req, reply) => {
      const ticket = await getFeedback(db, req.params.id);
      if (!ticket) throw new ApiError(errors.feedbackNotFound);
      if (ticket.userId !== req.user.id) throw new ApiError(errors.forbidden);
      if (!ticket.imageKey) throw new ApiError(errors.fileNotFound);
      return reply.header('content-type', ticket.imageKey.endsWith('.png') ? 'image/png' : 'image/jpeg').send(await deps.storage.stream(ticket.imageKey));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.revokeFeedback),
    handler: async (req) => {
      const ticket = await getFeedback(db, req.body.id);
      if (!ticket) throw new ApiError(errors.feedbackNotFound);
      if (ticket.userId !== req.user.id) throw new ApiError(errors.forbidden);
      if (!(await revokeFeedback(db, ticket.id, req.user.id))) throw new ApiError(errors.feedbackNotRevocable);
      return ok(null, '撤销成功！');
    },
  });

  // ---- Supercomputer (terminal direct connection) ----

  app.route({
    ...endpointRoute(app, endpoints.personal.prices),
    handler: async () =>
      ok<PriceRow[]>(deps.config.hpcPrices.map((p) => ({ company: p.company, ssh_could: p.ssh_could, ssh_normal: p.ssh_normal, remarks: p.remarks }))),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.applyHpc),
    handler: async (req) => {
      const account = await applyHpcAccount(db, req.user.id, req.body.node);
      if (!account) throw new ApiError(errors.hpcAlreadyApplied);
      return ok({ node: account.node, status: account.status }, '申请已提交，请等待工作人员开通！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.terminalTasks),
    handler: async (req) => {
      const { total, rows } = await listTerminalJobs(db, req.user.id, req.query.page, req.query.limit);
      return ok({ total, data: rows.map(presentTerminalJob) });
    },
  });

  // ---- Official account ----

  let qr: Promise<string> | undefined;
  app.route({
    ...endpointRoute(app, endpoints.personal.officialQrCode),
    handler: async () => {
      qr ??= QRCode.toDataURL(deps.config.officialAccountUrl, { type: 'image/png', margin: 1, width: 256 });
      return ok<OfficialQrCode>({ url: await qr });
    },
  });

  // ---- Account cancellation ----

  app.route({
    ...endpointRoute(app, endpoints.user.close),
    handler: async (req) => {
      const closed = await closeAccount(db, req.user.id);
      if (!closed) throw new ApiError(errors.tokenRevoked);
      // Stored objects go after the commit: a failed delete leaves an orphan object, never a row pointing nowhere.
      for (const key of closed.storageKeys) await deps.storage.delete(key).catch((err) => req.log.warn({ err, key }, 'could not delete a closed account\'s object'));
      for (const prefix of closed.storagePrefixes) await deps.storage.deletePrefix(prefix).catch((err) => req.log.warn({ err, prefix }, 'could not delete a closed account\'s task objects'));
      return ok(null, '注销成功！');
    },
  });
};
