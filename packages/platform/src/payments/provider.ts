/**
 * What the platform needs from a payment provider. Amounts are integer fen;
 * order ids are our merchant order numbers (out_trade_no).
 */
export interface NativeOrderInput {
  orderId: string;
  amountFen: number;
  description: string;
}

/** A verified payment result, from a provider's notification or an order query. */
export interface PaymentNotification {
  orderId: string;
  transactionId: string;
  amountFen: number;
  /** True only for a successful payment (trade_state SUCCESS). */
  paid: boolean;
}

export interface OrderQueryResult {
  orderId: string;
  /** The provider's trade state (SUCCESS, NOTPAY, CLOSED, REFUND, ...), or UNKNOWN. */
  state: string;
  transactionId?: string;
  amountFen?: number;
}

export interface RefundInput {
  orderId: string;
  /** Our refund number (out_refund_no); the provider treats a repeated one as the same refund. */
  refundId: string;
  amountFen: number;
  totalFen: number;
  reason?: string;
}

export interface RefundResult {
  refundId: string;
  /** SUCCESS or PROCESSING (both accepted by the provider). */
  status: string;
}

export type NotificationHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'wechat';
  createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }>;
  /** Checks the notification's signature and decodes it; throws PaymentSignatureError when it is not authentic. */
  verifyNotification(headers: NotificationHeaders, rawBody: string): PaymentNotification;
  queryOrder(orderId: string): Promise<OrderQueryResult>;
  refund(input: RefundInput): Promise<RefundResult>;
}

/** The notification is not from the provider (bad or missing signature, stale timestamp, undecryptable resource). */
export class PaymentSignatureError extends Error {
  override readonly name = 'PaymentSignatureError';
}

/** The provider refused or could not be reached. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}

export function header(headers: NotificationHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(v) ? v[0] : v;
}
