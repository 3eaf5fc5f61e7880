import { z } from 'zod';

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

const yuan = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && Math.round(n * 100) === Number((n * 100).toFixed(6)), '金额最多两位小数！');

export const rechargeBodySchema = z.object({
  amount: yuan('请输入充值金额！').refine((n) => n >= RECHARGE_CUSTOM.min && n <= RECHARGE_CUSTOM.max, `充值金额须在 ${RECHARGE_CUSTOM.min} 到 ${RECHARGE_CUSTOM.max} 元之间！`),
  channel: z.literal('wechat', { error: '暂只支持微信支付！' }).default('wechat'),
});

export interface RechargeCreated {
  order_id: string;
}

/** GET /api/recharges/{id}: what the payment dialog shows and polls. */
export interface RechargeQrCode {
  order_id: string;
  amount: number;
  status: number;
  status_text: string;
  /** PNG as a data URL (data:image/png;base64,...). */
  qrcode: string;
  /** The provider behind this order; the UI labels 'sandbox' as a development payment. */
  provider: 'sandbox' | 'wechat';
}

/** A row of GET /api/recharges. */
export interface RechargeRow {
  id: number;
  order_id: string;
  channel: string;
  amount: number;
  created_at: string;
  status: number;
  status_text: string;
  can_invoice: boolean;
  can_refund: boolean;
}

export const rechargeRefundBodySchema = z.object({ order_id: z.string().min(1, '请选择要退款的充值订单！') });

export const balanceRefundBodySchema = z.object({
  amount: yuan('请输入退款金额!').refine((n) => n > 0, '请输入退款金额!'),
  name: z.string().trim().min(1, '请输入收款主体!').max(100),
  account: z.string().trim().min(1, '请输入收款账号!').max(100),
});

/** A row of GET /api/balance/refunds (recharge refunds are listed too, with kind). */
export interface RefundRow {
  id: number;
  kind: 'recharge' | 'balance';
  order_id: string | null;
  amount: number;
  name: string | null;
  account: string | null;
  created_at: string;
  updated_at: string;
  status_text: string;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);
const optional = () => z.string().trim().max(200).default('');

export const invoiceInfoBodySchema = z.object({
  /** Present when editing. */
  id: z.coerce.number().int().positive().optional(),
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
export type InvoiceInfo = Omit<InvoiceInfoBody, 'id'> & { id: number; created_at: string };

export const INVOICE_TYPES = ['normal', 'special'] as const;

/** POST /api/recharges/invoice: one invoice for one paid recharge, from a saved invoice info or typed fields. */
export const invoiceApplicationBodySchema = z.object({
  order_id: z.string().min(1, '请选择要开票的充值订单！'),
  type: z.enum(INVOICE_TYPES, { error: '请选择发票类型！' }),
  invoice_id: z.coerce.number().int().positive().optional(),
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
export interface AppliedInvoice {
  id: number;
  order_id: string;
  amount: number;
  type: (typeof INVOICE_TYPES)[number];
  invoice: { header: string; serial_num: string };
  status_text: string;
  created_at: string;
}

/** A row of GET /api/invites. */
export interface InviteRecord {
  name: string;
  created_at: string;
  updated_at: string;
  remark: { account: string };
  balance_before: number;
  balance_after: number;
  amount: number;
}

export const feedbackFieldsSchema = z.object({
  content: z.string({ error: '请输入反馈内容！' }).trim().min(1, '请输入反馈内容！').max(2000),
  contact: z.string().trim().max(100).default(''),
});

/** A row of GET /api/feedback; `image` is a download URL or null. */
export interface FeedbackTicket {
  id: number;
  content: string;
  image: string | null;
  contact: string;
  status: 'pending' | 'resolved' | 'revoked';
  status_text: string;
  created_at: string;
}

export const feedbackRevokeBodySchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/charge: supercomputer prices in yuan per core-hour. */
export interface PriceRow {
  company: string;
  ssh_could: number;
  ssh_normal: number;
  remarks: string;
}

export const hpcApplyBodySchema = z.object({ node: z.enum(HPC_NODES, { error: '请选择超算节点！' }) });

/** A row of GET /api/ssh/tasks (paged: {total, data}). */
export interface TerminalTask {
  jobid: string;
  job_type: string;
  jobname: string;
  start: string | null;
  end: string | null;
  machine_time: number;
  unit_price: number;
  task_fee: number;
  state_text: string;
}

/** GET /api/wechat/qrcode: the official account's QR code as a data URL. */
export interface OfficialQrCode {
  url: string;
}
