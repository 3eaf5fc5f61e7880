import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  ApiError,
  errors,
  fenToYuan,
  ok,
  yuanToFen,
  type RechargeCreated,
  type RechargeQrCode,
  type RechargeRow,
  type RefundRow,
  endpoints,
} from '@yunyao/contract';
import { PaymentProviderError, PaymentSignatureError, SandboxPaymentProvider, createPaymentProvider, type PaymentProvider } from '@yunyao/platform';
import type { ServerDeps } from '../deps.ts';
import {
  createRecharge,
  findRecharge,
  handlePaymentNotification,
  listRecharges,
  listRefunds,
  providerFor,
  rechargeStatusText,
  reconcilePendingOrder,
  requestBalanceRefund,
  requestRechargeRefund,
} from '../payments/payments.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/**
 * Recharges (WeChat Pay Native or the sandbox), the payment callback, and refund
 * requests. Money only enters a balance through handlePaymentNotification and
 * only leaves it when staff approve a refund (ops CLI refund:approve).
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps; provider?: PaymentProvider }> = async (app, { deps, provider: given }) => {
  const { db } = deps.database;
  const provider = given ?? createPaymentProvider(deps.config);

  app.route({
    ...endpointRoute(app, endpoints.payments.recharge),
    handler: async (req) => {
      const amountFen = yuanToFen(req.body.amount);
      let order;
      try {
        order = await createRecharge(db, provider, req.user.id, amountFen, req.body.channel);
      } catch (err) {
        if (err instanceof PaymentProviderError) {
          req.log.error(err);
          throw new ApiError(errors.paymentUnavailable);
        }
        throw err;
      }
      return ok<RechargeCreated>({ order_id: order.orderId }, '创建成功!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.payments.recharges),
    handler: async (req) => ok<RechargeRow[]>(await listRecharges(db, req.user.id)),
  });

  app.route({
    ...endpointRoute(app, endpoints.payments.rechargeQrCode),
    handler: async (req) => {
      const found = await findRecharge(db, req.params.id);
      if (!found) throw new ApiError(errors.rechargeNotFound);
      if (found.userId !== req.user.id) throw new ApiError(errors.forbidden);
      const order = await reconcilePendingOrder(db, providerFor(found.provider, deps.config, provider), found);
      const rows = order.status === 3 ? await listRecharges(db, req.user.id) : [];
      const refundPending = rows.find((r) => r.order_id === order.orderId)?.status_text === '退款中';
      return ok<RechargeQrCode>({
        order_id: order.orderId,
        amount: fenToYuan(order.amountFen),
        status: order.status,
        status_text: rechargeStatusText(order.status, refundPending),
        qrcode: order.codeUrl ? await QRCode.toDataURL(order.codeUrl, { errorCorrectionLevel: 'M', margin: 1, width: 256 }) : '',
        code_url: order.codeUrl ?? '',
        provider: order.provider === 'wechat' ? 'wechat' : 'sandbox',
      });
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.payments.refundRecharge),
    handler: async (req) => {
      const refund = await requestRechargeRefund(db, req.user.id, req.body.order_id);
      return ok({ id: refund.id }, '退款申请已成功，等待工作人员处理，关注退款状态！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.payments.refundBalance),
    handler: async (req) => {
      const refund = await requestBalanceRefund(db, req.user.id, yuanToFen(req.body.amount), req.body.name, req.body.account);
      return ok({ id: refund.id }, '余额退款申请成功，请联系客服人员进行退款!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.payments.refunds),
    handler: async (req) => ok<RefundRow[]>(await listRefunds(db, req.user.id)),
  });

  // Callbacks need the body exactly as sent, since the signature covers its bytes.
  await app.register(rawBodyRoutes, { deps, provider });
};

/** What WeChat Pay reads from our answer to its callback. */
const callbackAnswer = (code: 'SUCCESS' | 'FAIL', message: string) => ({ code, message });

const rawBodyRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps; provider: PaymentProvider }> = async (app, { deps, provider }) => {
  const { db } = deps.database;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  /** WeChat Pay's payment result callback (its notify_url). Answers WeChat's JSON; a 4xx makes WeChat retry. */
  app.route({
    ...endpointRoute(app, endpoints.payments.wechatNotify),
    handler: async (req, reply) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      try {
        const outcome = await handlePaymentNotification(db, provider, req.headers, rawBody);
        if (outcome.result === 'unknown_order' || outcome.result === 'amount_mismatch') {
          req.log.warn({ outcome }, 'payment notification not applied');
          reply.code(400);
          return callbackAnswer('FAIL', outcome.result);
        }
        return callbackAnswer('SUCCESS', '成功');
      } catch (err) {
        if (err instanceof PaymentSignatureError) {
          req.log.warn({ err: err.message }, 'payment notification rejected');
          reply.code(401);
          return callbackAnswer('FAIL', '签名错误');
        }
        req.log.error(err);
        reply.code(500);
        return callbackAnswer('FAIL', '系统错误');
      }
    },
  });

  // The sandbox's pay button: the "payment network" reports the payment, through the same handler as WeChat's.
  if (provider instanceof SandboxPaymentProvider) {
    app.log.warn('PAYMENT_PROVIDER=sandbox: recharges are credited without payment (development only; refused when NODE_ENV=production)');
    app.route({
      ...endpointRoute(app, endpoints.payments.sandboxConfirm),
      handler: async (req) => {
        const order = await findRecharge(db, req.params.orderId);
        if (!order || order.provider !== 'sandbox') throw new ApiError(errors.rechargeNotFound);
        if (!provider.acceptsConfirmToken(order.orderId, req.query.token)) throw new ApiError(errors.sandboxConfirmTokenInvalid);
        const notification = provider.buildNotification(order.orderId, order.amountFen);
        await handlePaymentNotification(db, provider, notification.headers, notification.body);
        const now = await findRecharge(db, order.orderId);
        return ok({ order_id: order.orderId, status: now!.status, status_text: rechargeStatusText(now!.status) }, '微信支付成功！');
      },
    });
  }
};
