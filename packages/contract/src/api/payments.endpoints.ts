import { z } from 'zod';
import {
  balanceRefundBodySchema,
  createdIdSchema,
  orderIdParamsSchema,
  rechargeBodySchema,
  rechargeCreatedSchema,
  rechargeQrCodeSchema,
  rechargeRefundBodySchema,
  rechargeRowSchema,
  rechargeStatusSchema,
  refundRowSchema,
  sandboxConfirmQuerySchema,
} from '../personal.ts';
import { endpoint } from './endpoint.ts';

/** WeChat Pay's callback answer: WeChat reads `code`, not our envelope. */
const paymentCallbackAnswerSchema = z.object({ code: z.enum(['SUCCESS', 'FAIL']), message: z.string() });

export const paymentEndpoints = {
  recharge: endpoint({
    method: 'POST',
    path: '/api/recharges',
    body: rechargeBodySchema,
    response: rechargeCreatedSchema,
    auth: 'session',
    tag: 'payments',
    summary: 'Creates a recharge order (yuan, 10–100000, at most 2 decimals).',
  }),
  recharges: endpoint({
    method: 'GET',
    path: '/api/recharges',
    response: z.array(rechargeRowSchema),
    auth: true,
    tag: 'payments',
    summary: 'Recharge orders, newest first, with whether each can be refunded or invoiced.',
  }),
  rechargeQrCode: endpoint({
    method: 'GET',
    path: '/api/recharges/:id',
    params: orderIdParamsSchema,
    response: rechargeQrCodeSchema,
    auth: true,
    tag: 'payments',
    summary: "An order's payment QR code and status (the payment dialog polls it).",
  }),
  refundRecharge: endpoint({
    method: 'POST',
    path: '/api/recharge/refund',
    body: rechargeRefundBodySchema,
    response: createdIdSchema,
    auth: 'session',
    tag: 'payments',
    summary: 'Requests the refund of a whole recharge.',
  }),
  refundBalance: endpoint({
    method: 'POST',
    path: '/api/balance/refund',
    body: balanceRefundBodySchema,
    response: createdIdSchema,
    auth: 'session',
    tag: 'payments',
    summary: 'Requests a refund of part of the balance.',
  }),
  refunds: endpoint({ method: 'GET', path: '/api/balance/refunds', response: z.array(refundRowSchema), auth: true, tag: 'payments', summary: 'Refund requests of both kinds.' }),
  wechatNotify: endpoint({
    method: 'POST',
    path: '/api/pay/wechat/notify',
    response: paymentCallbackAnswerSchema,
    answers: 'raw-json',
    auth: false,
    hidden: true,
    tag: 'payments',
    summary: "WeChat Pay's payment callback (its signed raw body).",
  }),
  sandboxConfirm: endpoint({
    method: 'POST',
    path: '/api/pay/sandbox/:orderId/confirm',
    params: z.object({ orderId: z.string() }),
    query: sandboxConfirmQuerySchema,
    response: rechargeStatusSchema,
    auth: false,
    hidden: true,
    tag: 'payments',
    summary: "The sandbox payment page's pay button, with the confirm token from the order's QR code.",
  }),
};
