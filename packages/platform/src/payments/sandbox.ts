import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PaymentSignatureError,
  header,
  type NativeOrderInput,
  type NotificationHeaders,
  type OrderQueryResult,
  type PaymentNotification,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
} from './provider.ts';

const SIGNATURE_HEADER = 'x-sandbox-signature';
const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const MAX_AGE_SECONDS = 300;

/** Compares a presented secret with the expected one in constant time. */
function sameSecret(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The embedded development provider: no money moves. Its QR code opens the
 * platform's own page `/pay/sandbox/<order_id>?token=<confirm token>`, whose button
 * asks the server to build a notification signed with a key derived from the sandbox
 * secret; that notification then goes through the same verification and crediting
 * path as WeChat's. The confirm token is an HMAC of the order id under the same
 * secret and reaches only the order's owner (inside the QR code), so an order id
 * alone confirms nothing. Refunds succeed at once.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly #notificationKey: Buffer;
  readonly #confirmKey: Buffer;

  constructor(private readonly options: { publicUrl: string; secret: string }) {
    this.#notificationKey = createHmac('sha256', options.secret).update('yunyao-sandbox-payments-v1').digest();
    this.#confirmKey = createHmac('sha256', options.secret).update('yunyao-sandbox-confirm-v1').digest();
  }

  async createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }> {
    return { codeUrl: `${this.options.publicUrl}/pay/sandbox/${encodeURIComponent(input.orderId)}?token=${this.#confirmToken(input.orderId)}` };
  }

  #confirmToken(orderId: string): string {
    return createHmac('sha256', this.#confirmKey).update(orderId).digest('base64url');
  }

  /** True when `token` is the one this sandbox put into the order's QR code. */
  acceptsConfirmToken(orderId: string, token: string): boolean {
    return sameSecret(this.#confirmToken(orderId), token);
  }

  #sign(timestamp: string, body: string): string {
    return createHmac('sha256', this.#notificationKey).update(`${timestamp}\n${body}\n`).digest('base64');
  }

  /** A notification as the sandbox "payment network" would send it: the payer paid `amountFen` for `orderId`. */
  buildNotification(orderId: string, amountFen: number, at = new Date()): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify({ order_id: orderId, transaction_id: `SB${at.getTime()}${randomBytes(4).toString('hex')}`, amount_fen: amountFen, trade_state: 'SUCCESS' });
    const timestamp = String(Math.floor(at.getTime() / 1000));
    return { headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: this.#sign(timestamp, body) }, body };
  }

  verifyNotification(headers: NotificationHeaders, rawBody: string): PaymentNotification {
    const timestamp = header(headers, TIMESTAMP_HEADER);
    const signature = header(headers, SIGNATURE_HEADER);
    if (!timestamp || !signature) throw new PaymentSignatureError('missing sandbox signature headers');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) throw new PaymentSignatureError('stale sandbox notification');
    if (!sameSecret(this.#sign(timestamp, rawBody), signature)) throw new PaymentSignatureError('bad sandbox signature');
    const n = JSON.parse(rawBody) as { order_id: string; transaction_id: string; amount_fen: number; trade_state: string };
    return { orderId: n.order_id, transactionId: n.transaction_id, amountFen: n.amount_fen, paid: n.trade_state === 'SUCCESS' };
  }

  async queryOrder(orderId: string): Promise<OrderQueryResult> {
    // The sandbox keeps no state of its own; the platform's table is the truth.
    return { orderId, state: 'UNKNOWN' };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    return { refundId: input.refundId, status: 'SUCCESS' };
  }
}
