import type { Config } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { wechatProviderFromConfig } from './wechat.ts';

export * from './provider.ts';
export * from './config.ts';
export { SandboxPaymentProvider } from './sandbox.ts';
export { WechatPayProvider, wechatProviderFromConfig, type WechatPayOptions } from './wechat.ts';

/** The provider the configuration chooses (PAYMENT_PROVIDER; the sandbox outside production when unset). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'wechat' && config.payments.wechat) return wechatProviderFromConfig(config.payments.wechat);
  return new SandboxPaymentProvider({ publicUrl: config.publicUrl, secret: config.payments.sandboxSecret });
}
