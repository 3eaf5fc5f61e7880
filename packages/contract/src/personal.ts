import { z } from 'zod';
import { serialIdSchema } from './ids.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/**
 * The personal centre's API (spec document 1, "Personal centre detail"). Money
 * crosses the API in yuan with at most 2 decimals and is kept in integer fen
 * everywhere behind it.
 */

export const RECHARGE_PRESETS_YUAN = [100, 200, 500, 1000] as const;
export const RECHARGE_DEFAULT_YUAN = 100;
export const RECHARGE_CUSTOM = { min: 10, max: 100_000, step: 10, precision: 2, default: 10 } as const;
export const FEEDBACK_IMAGE_MAX_BYTES = 500 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['.jpg', '.jpeg', '.png'] as const;
export const HPC_NODES = ['beijing', 'bianshui'] as const;
export type HpcNode = (typeof HPC_NODES)[number];

/** Recharge order status; 3 means paid (spec). */
export const RechargeStatus = { pending: 1, closed: 2, paid: 3, refunded: 4 } as const;

/** An amount in yuan, as forms send it: a number with at most two decimals. */
export const yuanAmount = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && Math.round(n * 100) === Number((n * 100).toFixed(6)), '金额最多两位小数！');

export const rechargeBodySchema = z.object({
  amount: yuanAmount('请输入充值金额！').refine((n) => n >= RECHARGE_CUSTOM.min && n <= RECHARGE_CUSTOM.max, `充值金额须在 ${RECHARGE_CUSTOM.min} 到 ${RECHARGE_CUSTOM.max} 元之间！`),
  channel: z.literal('wechat', { error: '暂只支持微信支付！' }).default('wechat'),
});

export const rechargeCreatedSchema = z.object({ order_id: z.string() });
export type RechargeCreated = z.infer<typeof rechargeCreatedSchema>;

/** GET /api/recharges/{id}: what the payment dialog shows and polls. */
export const rechargeQrCodeSchema = z.object({
  order_id: z.string(),
  amount: z.number(),
  status: z.number(),
  status_text: z.string(),
  /** PNG as a data URL (data:image/png;base64,...). */
  qrcode: z.string(),
  /** What the QR code encodes: WeChat's weixin:// link, or the sandbox's page with the order's confirm token. */
  code_url: z.string(),
  /** The provider behind this order; the UI labels 'sandbox' as a development payment. */
  provider: z.enum(['sandbox', 'wechat']),
});
export type RechargeQrCode = z.infer<typeof rechargeQrCodeSchema>;

/** POST /api/pay/sandbox/{order_id}/confirm?token=: the confirm token, as in the URL the order's QR code encodes. */
export const sandboxConfirmQuerySchema = z.object({ token: z.string({ error: '缺少支付确认凭证！' }).min(1, '缺少支付确认凭证！').max(128) });

/** POST /api/pay/sandbox/{order_id}/confirm: the order after the sandbox paid it. */
export const rechargeStatusSchema = rechargeQrCodeSchema.pick({ order_id: true, status: true, status_text: true });

/** A refund request just filed, and an invoice application just made. */
export const createdIdSchema = z.object({ id: z.number() });

/** A row of GET /api/recharges. */
export const rechargeRowSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  channel: z.string(),
  amount: z.number(),
  created_at: z.string(),
  status: z.number(),
  status_text: z.string(),
  can_invoice: z.boolean(),
  can_refund: z.boolean(),
});
export type RechargeRow = z.infer<typeof rechargeRowSchema>;

/** GET /api/recharges/{order_id} */
export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const rechargeRefundBodySchema = z.object({ order_id: z.string().min(1, '请选择要退款的充值订单！') });

export const balanceRefundBodySchema = z.object({
  amount: yuanAmount('请输入退款金额!').refine((n) => n > 0, '请输入退款金额!'),
  name: z.string().trim().min(1, '请输入收款主体!').max(100),
  account: z.string().trim().min(1, '请输入收款账号!').max(100),
});

/** A row of GET /api/balance/refunds (recharge refunds are listed too, with kind). */
export const refundRowSchema = z.object({
  id: z.number(),
  kind: z.enum(['recharge', 'balance']),
  order_id: z.string().nullable(),
  amount: z.number(),
  name: z.string().nullable(),
  account: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status_text: z.string(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);
const optional = () => z.string().trim().max(200).default('');

export const invoiceInfoBodySchema = z.object({
  /** Present when editing. */
  id: serialIdSchema.optional(),
  header: required('请输入发票抬头!'),
  serial_num: required('请输入纳税人识别号!'),
  address: optional(),
  telphone: optional(),
  bank_name: optional(),
  bank_account: optional(),
  user_name: required('请输入收件人姓名!'),
  cell_phone: required('请输入收件人联系方式!'),
  user_address: required('请输入收件地址!'),
  zip_code: required('请输入收件地址邮编!'),
});
export type InvoiceInfoBody = z.infer<typeof invoiceInfoBodySchema>;
export const invoiceInfoSchema = z.object({
  id: z.number(),
  header: z.string(),
  serial_num: z.string(),
  address: z.string(),
  telphone: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  user_name: z.string(),
  cell_phone: z.string(),
  user_address: z.string(),
  zip_code: z.string(),
  created_at: z.string(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfoSchema>;

export const INVOICE_TYPES = ['normal', 'special'] as const;

/** POST /api/recharges/invoice: one invoice for one paid recharge, from a saved invoice info or typed fields. */
export const invoiceApplicationBodySchema = z.object({
  order_id: z.string().min(1, '请选择要开票的充值订单！'),
  type: z.enum(INVOICE_TYPES, { error: '请选择发票类型！' }),
  invoice_id: serialIdSchema.optional(),
  header: z.string().trim().max(200).optional(),
  serial_num: z.string().trim().max(200).optional(),
  address: z.string().trim().max(200).optional(),
  telphone: z.string().trim().max(200).optional(),
  bank_name: z.string().trim().max(200).optional(),
  bank_account: z.string().trim().max(200).optional(),
  user_name: required('请输入收件人姓名!'),
  cell_phone: required('请输入收件人联系方式!'),
  user_address: required('请输入收件地址!'),
  zip_code: required('请输入收件地址邮编!'),
});

/** A row of GET /api/recharges/invoices. */
export const appliedInvoiceSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  amount: z.number(),
  type: z.enum(INVOICE_TYPES),
  invoice: z.object({ header: z.string(), serial_num: z.string() }),
  status_text: z.string(),
  created_at: z.string(),
});
export type AppliedInvoice = z.infer<typeof appliedInvoiceSchema>;

/** A row of GET /api/invites. */
export const inviteRecordSchema = z.object({
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  remark: z.object({ account: z.string() }),
  balance_before: z.number(),
  balance_after: z.number(),
  amount: z.number(),
});
export type InviteRecord = z.infer<typeof inviteRecordSchema>;

export const feedbackFieldsSchema = z.object({
  content: z.string({ error: '请输入反馈内容！' }).trim().min(1, '请输入反馈内容！').max(2000),
  contact: z.string().trim().max(100).default(''),
});

/** A row of GET /api/feedback; `image` is a download URL or null. */
export const feedbackTicketSchema = z.object({
  id: z.number(),
  content: z.string(),
  image: z.string().nullable(),
  contact: z.string(),
  status: z.enum(['pending', 'resolved', 'revoked']),
  status_text: z.string(),
  created_at: z.string(),
});
export type FeedbackTicket = z.infer<typeof feedbackTicketSchema>;

/** POST /api/feedback (multipart): the ticket's fields and an optional jpg/png image. */
export const feedbackFormSchema = feedbackFieldsSchema.extend({ image: z.file().optional() });

export const feedbackRevokeBodySchema = z.object({ id: serialIdSchema });

/** GET /api/charge: supercomputer prices in yuan per core-hour. */
export const priceRowSchema = z.object({ company: z.string(), ssh_could: z.number(), ssh_normal: z.number(), remarks: z.string() });
export type PriceRow = z.infer<typeof priceRowSchema>;

export const hpcApplyBodySchema = z.object({ node: z.enum(HPC_NODES, { error: '请选择超算节点！' }) });
/** POST /api/chaosuan/apply */
export const hpcApplicationSchema = z.object({ node: z.string(), status: z.string() });

/** A row of GET /api/ssh/tasks (paged: {total, data}). */
export const terminalTaskSchema = z.object({
  jobid: z.string(),
  job_type: z.string(),
  jobname: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  machine_time: z.number(),
  unit_price: z.number(),
  task_fee: z.number(),
  state_text: z.string(),
});
export type TerminalTask = z.infer<typeof terminalTaskSchema>;
/** GET /api/ssh/tasks */
export const terminalTaskQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export const terminalTaskPageSchema = z.object({ total: z.number(), data: z.array(terminalTaskSchema) });

/** GET /api/wechat/qrcode: the official account's QR code as a data URL. */
export const officialQrCodeSchema = z.object({ url: z.string() });
export type OfficialQrCode = z.infer<typeof officialQrCodeSchema>;
