import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Aes, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from './config.ts';
import {
  PaymentProviderError,
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

/** WeChat rejects, and we reject, notifications signed more than 5 minutes away from now. */
const MAX_SKEW_SECONDS = 300;

export interface WechatPayOptions {
  mchid: string;
  appid: string;
  /** Merchant API certificate serial. */
  serial: string;
  privateKey: KeyObject;
  /** WeChat Pay's verification keys by serial: platform certificate serial or public key id (PUB_KEY_ID_...). */
  platformKeys: Record<string, KeyObject>;
  /** APIv3 key, 32 bytes, for the AEAD_AES_256_GCM notification resource. */
  apiV3Key: string;
  notifyUrl: string;
  /** API host; WeChat's own unless set (WECHAT_API_BASE_URL, e.g. a test double on loopback). */
  baseUrl?: string;
  /** Overrides the clock (tests). */
  now?: () => number;
}

interface NotificationBody {
  id: string;
  event_type: string;
  resource_type: string;
  resource: { algorithm: string; ciphertext: string; associated_data?: string; nonce: string; original_type?: string };
}

interface Transaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; payer_total?: number; currency?: string };
}

/**
 * WeChat Pay API v3, Native (QR code) payments, over the wechatpay-axios-plugin
 * SDK (which signs requests and verifies response signatures with the platform
 * keys). Notifications are verified here: RSA-SHA256 over
 * `${timestamp}\n${nonce}\n${body}\n` with the key named by Wechatpay-Serial,
 * then the `resource` is decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export class WechatPayProvider implements PaymentProvider {
  readonly kind = 'wechat' as const;
  readonly #client: Wechatpay;

  constructor(private readonly options: WechatPayOptions) {
    this.#client = new Wechatpay({
      mchid: options.mchid,
      serial: options.serial,
      privateKey: options.privateKey as never,
      certs: options.platformKeys,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    });
  }

  async createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }> {
    try {
      const res = await this.#client.chain('v3/pay/transactions/native').post({
        appid: this.options.appid,
        mchid: this.options.mchid,
        description: input.description,
        out_trade_no: input.orderId,
        notify_url: this.options.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      });
      const codeUrl = (res.data as { code_url?: string }).code_url;
      if (!codeUrl) throw new Error('no code_url in the answer');
      return { codeUrl };
    } catch (err) {
      throw new PaymentProviderError(`WeChat Pay native order failed: ${describe(err)}`);
    }
  }

  verifyNotification(headers: NotificationHeaders, rawBody: string): PaymentNotification {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new PaymentSignatureError('missing Wechatpay-* signature headers');
    const key = this.options.platformKeys[serial];
    if (!key) throw new PaymentSignatureError(`unknown Wechatpay-Serial ${serial}`);
    const now = (this.options.now ?? Date.now)() / 1000;
    if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_SKEW_SECONDS) throw new PaymentSignatureError('stale or malformed Wechatpay-Timestamp');
    let valid = false;
    try {
      valid = Rsa.verify(`${timestamp}\n${nonce}\n${rawBody}\n`, signature, key);
    } catch {
      valid = false;
    }
    if (!valid) throw new PaymentSignatureError('bad Wechatpay-Signature');

    let body: NotificationBody;
    let tx: Transaction;
    try {
      body = JSON.parse(rawBody) as NotificationBody;
      if (body.resource?.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${body.resource?.algorithm}`);
      const { ciphertext, nonce: iv, associated_data: aad = '' } = body.resource;
      tx = JSON.parse(Aes.AesGcm.decrypt(ciphertext, this.options.apiV3Key, iv, aad)) as Transaction;
    } catch (err) {
      throw new PaymentSignatureError(`undecryptable notification resource: ${describe(err)}`);
    }
    if (tx.mchid !== this.options.mchid) throw new PaymentSignatureError(`notification for another merchant ${tx.mchid}`);
    return {
      orderId: tx.out_trade_no,
      transactionId: tx.transaction_id,
      amountFen: tx.amount?.total,
      paid: body.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS',
    };
  }

  async queryOrder(orderId: string): Promise<OrderQueryResult> {
    try {
      const res = await this.#client.chain('v3/pay/transactions/out-trade-no/{out_trade_no}').get({ params: { mchid: this.options.mchid }, out_trade_no: orderId } as never);
      const tx = res.data as Transaction;
      return { orderId, state: tx.trade_state, transactionId: tx.transaction_id, amountFen: tx.amount?.total };
    } catch (err) {
      throw new PaymentProviderError(`WeChat Pay order query failed: ${describe(err)}`);
    }
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    try {
      const res = await this.#client.chain('v3/refund/domestic/refunds').post({
        out_trade_no: input.orderId,
        out_refund_no: input.refundId,
        reason: input.reason,
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      const status = (res.data as { status?: string }).status ?? 'PROCESSING';
      if (status !== 'SUCCESS' && status !== 'PROCESSING') throw new Error(`refund status ${status}`);
      return { refundId: input.refundId, status };
    } catch (err) {
      throw new PaymentProviderError(`WeChat Pay refund failed: ${describe(err)}`);
    }
  }
}

function describe(err: unknown): string {
  const e = err as { response?: { status?: number; data?: { code?: string; message?: string } }; message?: string };
  if (e.response) return `HTTP ${e.response.status} ${e.response.data?.code ?? ''} ${e.response.data?.message ?? ''}`.trim();
  return e.message ?? String(err);
}

/** Builds the provider from configuration, reading the key files. */
export function wechatProviderFromConfig(c: WechatPayConfig): WechatPayProvider {
  const platformKeys: Record<string, KeyObject> = {};
  if (c.platformCertPath) {
    const cert = new X509Certificate(readFileSync(c.platformCertPath));
    platformKeys[c.platformSerial ?? cert.serialNumber.toUpperCase()] = cert.publicKey;
  }
  if (c.publicKeyPath && c.publicKeyId) platformKeys[c.publicKeyId] = createPublicKey(readFileSync(c.publicKeyPath));
  return new WechatPayProvider({
    mchid: c.mchid,
    appid: c.appid,
    serial: c.serial,
    privateKey: createPrivateKey(readFileSync(c.privateKeyPath)),
    platformKeys,
    apiV3Key: c.apiV3Key,
    notifyUrl: c.notifyUrl,
    baseUrl: c.baseUrl,
  });
}
