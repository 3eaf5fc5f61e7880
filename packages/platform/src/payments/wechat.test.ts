import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createPaymentProvider } from './index.ts';
import { PaymentSignatureError } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { WechatPayProvider } from './wechat.ts';

// Stand-ins for WeChat Pay's platform key pair and our merchant key pair.
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'; // 32 bytes
const PLATFORM_SERIAL = 'PUB_KEY_ID_0112345678901234567890';

function provider(now?: () => number) {
  return new WechatPayProvider({
    mchid: '1900000001',
    appid: 'wx0000000000000001',
    serial: 'MERCHANTSERIAL',
    privateKey: merchant.privateKey,
    platformKeys: { [PLATFORM_SERIAL]: platform.publicKey },
    apiV3Key: API_V3_KEY,
    notifyUrl: 'https://yunyao.example/api/pay/wechat/notify',
    now,
  });
}

/** Builds a notification the way WeChat Pay does: AEAD_AES_256_GCM resource, RSA-SHA256 signature headers. */
function wechatNotification(transaction: object, { key = platform.privateKey, timestamp = Math.floor(Date.now() / 1000), serial = PLATFORM_SERIAL, apiV3Key = API_V3_KEY } = {}) {
  const nonce = randomBytes(6).toString('hex'); // 12 chars, as WeChat sends
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce)).setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-21T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
  });
  const headerNonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(key, 'base64');
  return {
    body,
    headers: { 'wechatpay-timestamp': String(timestamp), 'wechatpay-nonce': headerNonce, 'wechatpay-signature': signature, 'wechatpay-serial': serial },
  };
}

const transaction = {
  mchid: '1900000001',
  appid: 'wx0000000000000001',
  out_trade_no: 'YY20261121100000123456',
  transaction_id: '4200000000202611210000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  amount: { total: 1001, payer_total: 1001, currency: 'CNY', payer_currency: 'CNY' },
};

describe('WeChat Pay notification verification', () => {
  it('verifies the signature and decrypts the resource', () => {
    const n = wechatNotification(transaction);
    expect(provider().verifyNotification(n.headers, n.body)).toEqual({
      orderId: 'YY20261121100000123456',
      transactionId: '4200000000202611210000000001',
      amountFen: 1001,
      paid: true,
    });
  });

  it('rejects a tampered body', () => {
    const n = wechatNotification(transaction);
    const tampered = n.body.replace('支付成功', '支付成功!');
    expect(() => provider().verifyNotification(n.headers, tampered)).toThrow(PaymentSignatureError);
  });

  it('rejects a signature by another key, an unknown serial, a stale timestamp and missing headers', () => {
    const forged = wechatNotification(transaction, { key: merchant.privateKey });
    expect(() => provider().verifyNotification(forged.headers, forged.body)).toThrow(/Signature/);
    const unknown = wechatNotification(transaction, { serial: 'PUB_KEY_ID_OTHER' });
    expect(() => provider().verifyNotification(unknown.headers, unknown.body)).toThrow(/Serial/);
    const stale = wechatNotification(transaction, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => provider().verifyNotification(stale.headers, stale.body)).toThrow(/Timestamp/);
    const n = wechatNotification(transaction);
    expect(() => provider().verifyNotification({}, n.body)).toThrow(PaymentSignatureError);
  });

  it('rejects a resource encrypted with another APIv3 key, and a notification for another merchant', () => {
    const wrongKey = wechatNotification(transaction, { apiV3Key: 'ZZZZefghijklmnopqrstuvwxyz012345' });
    expect(() => provider().verifyNotification(wrongKey.headers, wrongKey.body)).toThrow(/undecryptable/);
    const other = wechatNotification({ ...transaction, mchid: '1900000002' });
    expect(() => provider().verifyNotification(other.headers, other.body)).toThrow(/another merchant/);
  });

  it('reports an unpaid trade state as not paid', () => {
    const n = wechatNotification({ ...transaction, trade_state: 'NOTPAY' });
    expect(provider().verifyNotification(n.headers, n.body).paid).toBe(false);
  });
});

describe('sandbox provider', () => {
  const sandbox = new SandboxPaymentProvider({ publicUrl: 'http://localhost:8080', secret: 'x'.repeat(48) });

  it('points its QR code at the local sandbox page with a confirm token that only its secret makes', async () => {
    const { codeUrl } = await sandbox.createNativeOrder({ orderId: 'YY1', amountFen: 100, description: 'x' });
    const url = new URL(codeUrl);
    expect(url.origin + url.pathname).toBe('http://localhost:8080/pay/sandbox/YY1');
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sandbox.acceptsConfirmToken('YY1', token)).toBe(true);
    expect(sandbox.acceptsConfirmToken('YY2', token)).toBe(false);
    expect(sandbox.acceptsConfirmToken('YY1', '')).toBe(false);
    const other = new SandboxPaymentProvider({ publicUrl: 'http://localhost:8080', secret: 'y'.repeat(48) });
    expect(other.acceptsConfirmToken('YY1', token)).toBe(false);
  });

  it('verifies its own notifications and rejects forged or tampered ones', () => {
    const n = sandbox.buildNotification('YY1', 1234);
    expect(sandbox.verifyNotification(n.headers, n.body)).toMatchObject({ orderId: 'YY1', amountFen: 1234, paid: true });
    expect(() => sandbox.verifyNotification(n.headers, n.body.replace('1234', '9999'))).toThrow(PaymentSignatureError);
    const other = new SandboxPaymentProvider({ publicUrl: 'http://localhost:8080', secret: 'y'.repeat(48) }).buildNotification('YY1', 1234);
    expect(() => sandbox.verifyNotification(other.headers, other.body)).toThrow(PaymentSignatureError);
  });
});

describe('payment configuration', () => {
  it('defaults to the sandbox outside production only and builds the WeChat provider from key files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yy-wxpay-'));
    expect(createPaymentProvider(loadConfig({ DATA_DIR: dir })).kind).toBe('sandbox');
    expect(createPaymentProvider(loadConfig({ DATA_DIR: dir, NODE_ENV: 'development', PAYMENT_PROVIDER: 'sandbox' })).kind).toBe('sandbox');
    // The sandbox credits without payment: production refuses it, chosen or by default, naming the setting.
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs PAYMENT_PROVIDER=wechat \(it is unset\)/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER=wechat \(it is sandbox\)/);
    // Without SANDBOX_PAYMENT_SECRET each start has its own secret, so no confirm token outlives it.
    expect(loadConfig({ DATA_DIR: dir }).payments.sandboxSecret).not.toBe(loadConfig({ DATA_DIR: dir }).payments.sandboxSecret);
    expect(loadConfig({ DATA_DIR: dir, SANDBOX_PAYMENT_SECRET: 's'.repeat(32) }).payments.sandboxSecret).toBe('s'.repeat(32));
    writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'pub_key.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }));
    const env = {
      DATA_DIR: dir,
      PUBLIC_URL: 'https://yunyao.example',
      PAYMENT_PROVIDER: 'wechat',
      WECHAT_MCHID: '1900000001',
      WECHAT_APPID: 'wx0000000000000001',
      WECHAT_SERIAL: 'MERCHANTSERIAL',
      WECHAT_PRIVATE_KEY_PATH: join(dir, 'apiclient_key.pem'),
      WECHAT_PUBLIC_KEY_PATH: join(dir, 'pub_key.pem'),
      WECHAT_PUBLIC_KEY_ID: PLATFORM_SERIAL,
      WECHAT_APIV3_KEY: API_V3_KEY,
    };
    const config = loadConfig(env);
    expect(config.payments.wechat?.notifyUrl).toBe('https://yunyao.example/api/pay/wechat/notify');
    const wechat = createPaymentProvider(config);
    expect(wechat.kind).toBe('wechat');
    const n = wechatNotification(transaction);
    expect(wechat.verifyNotification(n.headers, n.body).amountFen).toBe(1001);
    expect(createPaymentProvider(loadConfig({ ...env, NODE_ENV: 'production' })).kind).toBe('wechat');
    expect(() => loadConfig({ ...env, WECHAT_APIV3_KEY: 'short' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ ...env, WECHAT_MCHID: '' })).toThrow(/WECHAT_MCHID/);
    expect(() => loadConfig({ ...env, WECHAT_PUBLIC_KEY_PATH: undefined })).toThrow(/WECHAT_PLATFORM_CERT_PATH/);
  });
});
