import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const paymentsEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  /**
   * Which payment provider takes recharge orders: WeChat Pay API v3 Native, or the embedded
   * sandbox, which credits without payment: the default outside production, refused in it.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat']).optional(),
  /** What signs the sandbox's confirm tokens and notifications; a fresh random one per start when unset. */
  SANDBOX_PAYMENT_SECRET: z.string().min(32).optional(),
  WECHAT_MCHID: z.string().optional(),
  WECHAT_APPID: z.string().optional(),
  /** Serial number of the merchant API certificate. */
  WECHAT_SERIAL: z.string().optional(),
  /** Merchant API private key (apiclient_key.pem). */
  WECHAT_PRIVATE_KEY_PATH: z.string().optional(),
  /** WeChat Pay platform certificate; its serial is read from the certificate unless WECHAT_PLATFORM_SERIAL is set... */
  WECHAT_PLATFORM_CERT_PATH: z.string().optional(),
  WECHAT_PLATFORM_SERIAL: z.string().optional(),
  /** ...or the WeChat Pay public key and its id (PUB_KEY_ID_...). */
  WECHAT_PUBLIC_KEY_PATH: z.string().optional(),
  WECHAT_PUBLIC_KEY_ID: z.string().optional(),
  WECHAT_APIV3_KEY: z.string().optional(),
  /** Where WeChat posts payment results; defaults to PUBLIC_URL + /api/pay/wechat/notify. */
  WECHAT_NOTIFY_URL: z.string().optional(),
  /** API host override (a test double); WeChat's own host when unset. */
  WECHAT_API_BASE_URL: z.string().optional(),
});

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  serial: string;
  privateKeyPath: string;
  platformCertPath?: string;
  platformSerial?: string;
  publicKeyPath?: string;
  publicKeyId?: string;
  apiV3Key: string;
  notifyUrl: string;
  baseUrl?: string;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'wechat';
  /**
   * Signs the sandbox's confirm tokens and notifications. Sandbox orders outlive a change of
   * provider (their refunds), so the secret is there whichever provider is chosen.
   */
  sandboxSecret: string;
  /** Present when provider is 'wechat'. */
  wechat?: WechatPayConfig;
}

export function loadPaymentsConfig(env: NodeJS.ProcessEnv, publicUrl: string): PaymentsConfig {
  const e = paymentsEnvSchema.parse(env);
  if (e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER !== 'wechat') {
    throw new Error(
      `NODE_ENV=production needs PAYMENT_PROVIDER=wechat (it is ${e.PAYMENT_PROVIDER ?? 'unset'}): the sandbox payment provider credits balances without payment and is for development only.`,
    );
  }
  const sandboxSecret = e.SANDBOX_PAYMENT_SECRET ?? randomBytes(48).toString('base64url');
  if (e.PAYMENT_PROVIDER !== 'wechat') return { provider: 'sandbox', sandboxSecret };
  const need = (name: keyof typeof e): string => {
    const v = e[name];
    if (typeof v !== 'string' || !v) throw new Error(`PAYMENT_PROVIDER=wechat needs ${name}`);
    return v;
  };
  if (!e.WECHAT_PLATFORM_CERT_PATH && !(e.WECHAT_PUBLIC_KEY_PATH && e.WECHAT_PUBLIC_KEY_ID)) {
    throw new Error('PAYMENT_PROVIDER=wechat needs WECHAT_PLATFORM_CERT_PATH, or WECHAT_PUBLIC_KEY_PATH and WECHAT_PUBLIC_KEY_ID');
  }
  const apiV3Key = need('WECHAT_APIV3_KEY');
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHAT_APIV3_KEY must be 32 bytes');
  return {
    provider: 'wechat',
    sandboxSecret,
    wechat: {
      mchid: need('WECHAT_MCHID'),
      appid: need('WECHAT_APPID'),
      serial: need('WECHAT_SERIAL'),
      privateKeyPath: need('WECHAT_PRIVATE_KEY_PATH'),
      platformCertPath: e.WECHAT_PLATFORM_CERT_PATH || undefined,
      platformSerial: e.WECHAT_PLATFORM_SERIAL || undefined,
      publicKeyPath: e.WECHAT_PUBLIC_KEY_PATH || undefined,
      publicKeyId: e.WECHAT_PUBLIC_KEY_ID || undefined,
      apiV3Key,
      notifyUrl: e.WECHAT_NOTIFY_URL || `${publicUrl}/api/pay/wechat/notify`,
      baseUrl: e.WECHAT_API_BASE_URL || undefined,
    },
  };
}
