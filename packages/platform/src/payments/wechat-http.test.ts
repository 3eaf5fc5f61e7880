import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from './provider.ts';
import { WechatPayProvider } from './wechat.ts';

/**
 * The provider's HTTP calls (native order, order query, refund) through the real
 * SDK against a WeChat Pay stand-in on loopback: the stand-in checks the
 * merchant's request signature the way WeChat does and signs its answers with a
 * platform key, which the SDK must verify before the provider sees a byte.
 */
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PLATFORM_SERIAL = 'PUB_KEY_ID_0112345678901234567890';
const MCHID = '1900000001';

interface Seen {
  method: string;
  path: string;
  body: Record<string, unknown>;
  signedByMerchant: boolean;
}
const seen: Seen[] = [];
let server: Server;
let baseUrl: string;
/** When set, answers are signed by this key instead of the platform's (a forged answer). */
let answerKey = platform.privateKey;

/** WeChat's request signature: `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`, in the Authorization header. */
function merchantSigned(req: IncomingMessage, body: string): boolean {
  const auth = req.headers.authorization ?? '';
  const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048') || fields.mchid !== MCHID) return false;
  const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
  return createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature ?? '', 'base64');
}

function answer(res: import('node:http').ServerResponse, status: number, payload: object) {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(answerKey, 'base64');
  res.writeHead(status, {
    'content-type': 'application/json',
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': PLATFORM_SERIAL,
    'request-id': randomBytes(8).toString('hex'),
  });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, body: raw ? JSON.parse(raw) : {}, signedByMerchant: merchantSigned(req, raw) });
      if (!merchantSigned(req, raw)) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      if (req.method === 'POST' && path === '/v3/pay/transactions/native') return answer(res, 200, { code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
      if (req.method === 'GET' && path.startsWith('/v3/pay/transactions/out-trade-no/YYPAID')) {
        return answer(res, 200, { mchid: MCHID, out_trade_no: 'YYPAID', transaction_id: '4200000001', trade_state: 'SUCCESS', amount: { total: 1001 } });
      }
      if (req.method === 'GET' && path.startsWith('/v3/pay/transactions/out-trade-no/')) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') return answer(res, 200, { refund_id: '5030000001', out_refund_no: 'YYRF1', status: 'PROCESSING' });
      return answer(res, 404, { code: 'NOT_FOUND', message: path });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const provider = () =>
  new WechatPayProvider({
    mchid: MCHID,
    appid: 'wx0000000000000001',
    serial: 'MERCHANTSERIAL',
    privateKey: merchant.privateKey,
    platformKeys: { [PLATFORM_SERIAL]: platform.publicKey },
    apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345',
    notifyUrl: 'https://yunyao.example/api/pay/wechat/notify',
    baseUrl,
  });

describe('WeChat Pay HTTP calls through the SDK', () => {
  it('creates a Native order with a signed request and returns its code_url', async () => {
    const { codeUrl } = await provider().createNativeOrder({ orderId: 'YY20261121000000000001', amountFen: 1001, description: '云药充值' });
    expect(codeUrl).toBe('weixin://wxpay/bizpayurl?pr=abc123');
    const request = seen.at(-1)!;
    expect(request.signedByMerchant).toBe(true);
    expect(request.body).toMatchObject({
      mchid: MCHID,
      appid: 'wx0000000000000001',
      out_trade_no: 'YY20261121000000000001',
      notify_url: 'https://yunyao.example/api/pay/wechat/notify',
      amount: { total: 1001, currency: 'CNY' },
    });
  });

  it('queries an order by our order number', async () => {
    expect(await provider().queryOrder('YYPAID')).toEqual({ orderId: 'YYPAID', state: 'SUCCESS', transactionId: '4200000001', amountFen: 1001 });
    expect(seen.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/YYPAID?mchid=${MCHID}`);
    await expect(provider().queryOrder('YYMISSING')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('asks for a refund with our refund number and the order total', async () => {
    const result = await provider().refund({ orderId: 'YYPAID', refundId: 'YYRF1', amountFen: 1001, totalFen: 1001 });
    expect(result).toEqual({ refundId: 'YYRF1', status: 'PROCESSING' });
    expect(seen.at(-1)!.body).toMatchObject({ out_trade_no: 'YYPAID', out_refund_no: 'YYRF1', amount: { refund: 1001, total: 1001, currency: 'CNY' } });
  });

  it('refuses an answer not signed by the platform key', async () => {
    answerKey = merchant.privateKey;
    try {
      await expect(provider().createNativeOrder({ orderId: 'YYFORGED', amountFen: 100, description: 'x' })).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      answerKey = platform.privateKey;
    }
  });
});
