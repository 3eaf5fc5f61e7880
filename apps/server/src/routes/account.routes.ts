import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  ApiError,
  errors,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_TYPES,
  feedbackFieldsSchema,
  message,
  ok,
  type OfficialQrCode,
  type PriceRow,
  endpoints,
} from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { SERVER_MESSAGES } from '../server.messages.ts';
import {
  appliedInvoices,
  applyHpc,
  applyInvoice,
  closeUserAccount,
  feedbackImageKey,
  feedbackTickets,
  invoiceHeaderOf,
  invoiceInfos,
  inviteRecords,
  ownInvoiceInfo,
  removeInvoiceInfo,
  revokeOwnFeedback,
  saveInvoiceInfo,
  submitFeedback,
  terminalTasks,
  type InvoiceHeader,
} from '../services/personal.service.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { endpointRoute } from './endpoint-route.ts';

/*
 * The personal centre apart from payments and refunds: invoice infos and
 * applications, invite records, feedback tickets, supercomputer prices and
 * accounts, terminal tasks, the official-account QR code and account closure.
 */


const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's real type when its extension and its first bytes agree on jpg or png. */
function imageType(filename: string, data: Buffer): 'jpg' | 'png' | undefined {
  const ext = extname(filename).toLowerCase();
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(ext)) return undefined;
  if (ext === '.png') return data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC) ? 'png' : undefined;
  return data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) ? 'jpg' : undefined;
}

export const accountRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  // ---- Invoice infos ----

  app.route({
    ...endpointRoute(app, endpoints.personal.invoiceInfos),
    handler: async (req) => ok(await invoiceInfos(db, req.user.id)),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.invoiceInfo),
    handler: async (req) =>
      ok(await ownInvoiceInfo(db, req.params.id, req.user.id)),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.saveInvoiceInfo),
    handler: async (req) => {
      const { id, ...fields } = req.body;
      const { info, created } = await saveInvoiceInfo(db, req.user.id, id, fields);
      return ok(info, created ? '创建成功!' : '修改成功!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.removeInvoiceInfo),
    handler: async (req) => {
      await removeInvoiceInfo(db, req.params.id, req.user.id);
      return ok(null, '删除成功！');
    },
  });

  // ---- Invoice applications ----

  app.route({
    ...endpointRoute(app, endpoints.personal.applyInvoice),
    handler: async (req) => {
      const b = req.body;
      let invoice: InvoiceHeader;
      if (b.invoice_id !== undefined) {
        invoice = await invoiceHeaderOf(db, b.invoice_id, req.user.id);
      } else {
        if (!b.header) throw new ApiError(errors.validation, message(SERVER_MESSAGES.invoiceHeaderMissing));
        if (!b.serial_num) throw new ApiError(errors.validation, message(SERVER_MESSAGES.taxIdMissing));
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
      const id = await applyInvoice(db, { userId: req.user.id, orderId: b.order_id, type: b.type, invoice, recipient });
      return ok({ id }, '开票成功，稍后将邮寄到收件地址!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.appliedInvoices),
    handler: async (req) => ok(await appliedInvoices(db, req.user.id)),
  });

  // ---- Invites ----

  app.route({
    ...endpointRoute(app, endpoints.personal.invites),
    handler: async (req) => ok(await inviteRecords(db, req.user.id)),
  });

  // ---- Feedback ----

  app.route({
    ...endpointRoute(app, endpoints.personal.submitFeedback),
    handler: async (req) => {
      if (!req.isMultipart()) throw new ApiError(errors.validation, message(SERVER_MESSAGES.feedbackMissing));
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
      let checked: { type: 'jpg' | 'png'; data: Buffer } | undefined;
      if (image) {
        const type = imageType(image.filename, image.data);
        if (!type) throw new ApiError(errors.feedbackImageType);
        checked = { type, data: image.data };
      }
      return ok(await submitFeedback(db, deps.storage, req.user.id, parsed.data, checked), '提交反馈成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.feedback),
    handler: async (req) => ok(await feedbackTickets(db, req.user.id)),
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.feedbackImage),
    handler: async (req, reply) => {
      const imageKey = await feedbackImageKey(db, req.params.id, req.user.id);
      return reply.header('content-type', imageKey.endsWith('.png') ? 'image/png' : 'image/jpeg').send(await deps.storage.stream(imageKey));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.revokeFeedback),
    handler: async (req) => {
      await revokeOwnFeedback(db, req.body.id, req.user.id);
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
      return ok(await applyHpc(db, req.user.id, req.body.node), '申请已提交，请等待工作人员开通！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.personal.terminalTasks),
    handler: async (req) => ok(await terminalTasks(db, req.user.id, req.query.page, req.query.limit)),
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
      await closeUserAccount(db, deps.storage, req.user.id, (detail, message) => req.log.warn(detail, message));
      return ok(null, '注销成功！');
    },
  });
};
