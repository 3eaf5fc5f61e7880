import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addLedgerEntry, balanceFen, claimTask, findUserByEmail, insertDataFile, insertTask, recordTerminalJob, schema, selectRows, verifyLedger } from '@yunyao/db';
import { runOpsCommand } from '../src/ops/commands.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  alice = await newUser(t, 'alice@example.com', 200);
  bob = await newUser(t, 'bob@example.com', 50);
});
afterAll(() => t?.close());

const db = () => t.platform.deps.database.db;
const password = 'secret-123';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really the rest of a png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif body')]);

const invoiceInfo = {
  header: '云药科技有限公司',
  serial_num: '91310000MA1K000000',
  address: '上海市浦东新区',
  telphone: '021-00000000',
  bank_name: '招商银行',
  bank_account: '6214000000000000',
  user_name: '张三',
  cell_phone: '13800000000',
  user_address: '上海市浦东新区张江路 1 号',
  zip_code: '201203',
};
const recipient = { user_name: '李四', cell_phone: '13900000000', user_address: '北京市海淀区', zip_code: '100080' };

/** A recharge order as the payment path leaves it: paid (3) and refunded (4) orders were credited once. */
async function rechargeRow(userId: number, orderId: string, status: number, amountFen = 10_000) {
  await db().transaction(async (tx) => {
    await tx.insert(schema.recharges).values({ orderId, userId, channel: 'wechat', provider: 'sandbox', amountFen, status, paidAt: status >= 3 ? new Date() : null });
    if (status >= 3) await addLedgerEntry(tx, { userId, kind: 'recharge', amountFen, reason: `充值 ${orderId}`, ref: `recharge:${orderId}` });
  });
}

function feedback(token: string, fields: Record<string, string>, image?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new Blob([new Uint8Array(image.data)]), image.name);
  return t.api<{ id: number; image: string | null; status_text: string }>('/api/feedback', { method: 'POST', token, body: form });
}

describe('invoice infos', () => {
  it('creates, lists, edits and deletes with the spec messages; another user gets 403', async () => {
    const missing = await t.api('/api/invoices', { method: 'POST', token: alice.token, json: { ...invoiceInfo, header: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errmsg).toBe('请输入发票抬头!');
    const noSerial = await t.api('/api/invoices', { method: 'POST', token: alice.token, json: { ...invoiceInfo, serial_num: ' ' } });
    expect(noSerial.body.errmsg).toBe('请输入纳税人识别号!');
    const noZip = await t.api('/api/invoices', { method: 'POST', token: alice.token, json: { ...invoiceInfo, zip_code: undefined } });
    expect(noZip.body.errmsg).toBe('请输入收件地址邮编!');

    const created = await t.api<{ id: number; header: string; created_at: string }>('/api/invoices', { method: 'POST', token: alice.token, json: invoiceInfo });
    expect(created.body).toMatchObject({ errno: 0, errmsg: '创建成功!', data: { header: invoiceInfo.header, zip_code: '201203' } });
    const id = created.body.data.id;
    expect(created.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const list = await t.api<{ id: number }[]>('/api/invoices', { token: alice.token });
    expect(list.body.data.map((i) => i.id)).toEqual([id]);
    expect((await t.api<unknown[]>('/api/invoices', { token: bob.token })).body.data).toEqual([]);
    expect((await t.api(`/api/invoices/${id}`, { token: alice.token })).body.data).toMatchObject({ id, serial_num: invoiceInfo.serial_num });

    expect((await t.api(`/api/invoices/${id}`, { token: bob.token })).status).toBe(403);
    expect((await t.api('/api/invoices', { method: 'POST', token: bob.token, json: { ...invoiceInfo, id, header: 'mine' } })).status).toBe(403);
    expect((await t.api(`/api/invoices/${id}`, { method: 'DELETE', token: bob.token })).status).toBe(403);

    const edited = await t.api('/api/invoices', { method: 'POST', token: alice.token, json: { ...invoiceInfo, id, header: '云药科技（上海）有限公司' } });
    expect(edited.body).toMatchObject({ errno: 0, errmsg: '修改成功!', data: { id, header: '云药科技（上海）有限公司' } });

    const del = await t.api(`/api/invoices/${id}`, { method: 'DELETE', token: alice.token });
    expect(del.body.errmsg).toBe('删除成功！');
    expect((await t.api(`/api/invoices/${id}`, { token: alice.token })).status).toBe(404);
  });
});

describe('invoice applications', () => {
  it('invoices only the owner\'s paid, unrefunded recharge, once, copying the details at the time', async () => {
    await rechargeRow(alice.userId, 'A-PAID', 3, 12_345);
    await rechargeRow(alice.userId, 'A-PENDING', 1);
    await rechargeRow(alice.userId, 'A-REFUNDED', 4);
    await rechargeRow(bob.userId, 'B-PAID', 3);
    const info = (await t.api<{ id: number }>('/api/invoices', { method: 'POST', token: alice.token, json: invoiceInfo })).body.data;

    const apply = (token: string, body: Record<string, unknown>) => t.api<{ id: number }>('/api/recharges/invoice', { method: 'POST', token, json: body });

    const unpaid = await apply(alice.token, { order_id: 'A-PENDING', type: 'normal', invoice_id: info.id, ...recipient });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.errmsg).toBe('该订单未支付或已退款，不能开票！');
    expect((await apply(alice.token, { order_id: 'A-REFUNDED', type: 'normal', invoice_id: info.id, ...recipient })).body.errmsg).toBe('该订单未支付或已退款，不能开票！');
    expect((await apply(alice.token, { order_id: 'NOPE', type: 'normal', invoice_id: info.id, ...recipient })).status).toBe(404);
    expect((await apply(alice.token, { order_id: 'B-PAID', type: 'normal', invoice_id: info.id, ...recipient })).status).toBe(403);
    // Bob may not use Alice's saved invoice info for his own order.
    expect((await apply(bob.token, { order_id: 'B-PAID', type: 'normal', invoice_id: info.id, ...recipient })).status).toBe(403);
    expect((await apply(alice.token, { order_id: 'A-PAID', type: 'normal', ...recipient })).body.errmsg).toBe('请输入发票抬头!');
    expect((await apply(alice.token, { order_id: 'A-PAID', type: 'normal', header: 'x', ...recipient })).body.errmsg).toBe('请输入纳税人识别号!');
    expect((await apply(alice.token, { order_id: 'A-PAID', type: 'vat', invoice_id: info.id, ...recipient })).body.errmsg).toBe('请选择发票类型！');
    expect((await apply(alice.token, { order_id: 'A-PAID', type: 'normal', invoice_id: info.id, ...recipient, user_name: '' })).body.errmsg).toBe('请输入收件人姓名!');

    const done = await apply(alice.token, { order_id: 'A-PAID', type: 'special', invoice_id: info.id, ...recipient });
    expect(done.body).toMatchObject({ errno: 0, errmsg: '开票成功，稍后将邮寄到收件地址!' });
    const again = await apply(alice.token, { order_id: 'A-PAID', type: 'normal', header: 'x', serial_num: 'y', ...recipient });
    expect(again.status).toBe(409);
    expect(again.body.errmsg).toBe('该订单已申请过发票，请勿重复申请！');

    // Editing the saved info later does not change the application.
    await t.api('/api/invoices', { method: 'POST', token: alice.token, json: { ...invoiceInfo, id: info.id, header: 'changed' } });
    const applied = await t.api<Record<string, unknown>[]>('/api/recharges/invoices', { token: alice.token });
    expect(applied.body.data).toHaveLength(1);
    expect(applied.body.data[0]).toMatchObject({ order_id: 'A-PAID', amount: 123.45, type: 'special', invoice: { header: invoiceInfo.header, serial_num: invoiceInfo.serial_num }, status_text: '待开票' });
    const [row] = await db().select().from(schema.invoiceApplications).where(eq(schema.invoiceApplications.userId, alice.userId));
    expect(row!.recipient).toEqual(recipient);
    expect((await t.api<unknown[]>('/api/recharges/invoices', { token: bob.token })).body.data).toEqual([]);

    const typed = await apply(bob.token, { order_id: 'B-PAID', type: 'normal', header: 'Bob Ltd', serial_num: '123', ...recipient });
    expect(typed.body.errno).toBe(0);
    await db().update(schema.invoiceApplications).set({ status: 'issued' }).where(eq(schema.invoiceApplications.userId, bob.userId));
    expect((await t.api<{ status_text: string; invoice: { header: string } }[]>('/api/recharges/invoices', { token: bob.token })).body.data[0]).toMatchObject({ status_text: '已开票', invoice: { header: 'Bob Ltd' } });
  });
});

describe('invites', () => {
  it('credits the inviter 20 yuan once per invitee and lists the rewards with balances around them', async () => {
    const user = (await findUserByEmail(db(), 'alice@example.com'))!;
    const before = await balanceFen(db(), alice.userId);
    const carol = await t.api('/api/user/register', { method: 'POST', json: { email: 'carol@example.com', password, invite_code: user.inviteCode } });
    expect(carol.body.errno).toBe(0);
    // Carol registering again (same email, same code) is refused and credits nothing.
    const again = await t.api('/api/user/register', { method: 'POST', json: { email: 'carol@example.com', password, invite_code: user.inviteCode } });
    expect(again.status).toBe(409);
    const againCased = await t.api('/api/user/register', { method: 'POST', json: { email: 'Carol@Example.com', password, invite_code: user.inviteCode } });
    expect(againCased.status).toBe(409);
    expect(await balanceFen(db(), alice.userId)).toBe(before + 2000);

    // A charge between the two rewards must show in the balances.
    await t.platform.deps.database.db.transaction(async (tx) => {
      await addLedgerEntry(tx, { userId: alice.userId, kind: 'task_charge', amountFen: -500, reason: 'test charge', ref: 'test:invite-gap' });
    });
    const dave = await t.api('/api/user/register', { method: 'POST', json: { email: 'dave@example.com', password, invite_code: user.inviteCode } });
    expect(dave.body.errno).toBe(0);
    expect(await balanceFen(db(), alice.userId)).toBe(before + 2000 - 500 + 2000);

    const invites = await t.api<Record<string, unknown>[]>('/api/invites', { token: alice.token });
    const b = before / 100;
    expect(invites.body.data).toEqual([
      expect.objectContaining({ name: 'd***@example.com', remark: { account: 'd***@example.com' }, amount: 20, balance_before: b + 15, balance_after: b + 35 }),
      expect.objectContaining({ name: 'c***@example.com', remark: { account: 'c***@example.com' }, amount: 20, balance_before: b, balance_after: b + 20 }),
    ]);
    expect(String(invites.body.data[0]!.created_at)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await t.api<unknown[]>('/api/invites', { token: bob.token })).body.data).toEqual([]);
    const rewards = await selectRows<{ n: string }>(db(), sql`select count(*) as n from ledger_entries where kind = 'invite_reward' and user_id = ${alice.userId}`);
    expect(Number(rewards[0]!.n)).toBe(2);
  });
});

describe('feedback', () => {
  it('checks the image type by extension and magic bytes, and its size', async () => {
    const wrongExt = await feedback(alice.token, { content: '结果下载失败', contact: 'a@b.c' }, { name: 'shot.gif', data: PNG });
    expect(wrongExt.status).toBe(400);
    expect(wrongExt.body.errmsg).toBe('请上传 jpg/png 格式的图片！');
    const disguised = await feedback(alice.token, { content: '结果下载失败' }, { name: 'shot.png', data: Buffer.from('GIF89a....') });
    expect(disguised.body.errmsg).toBe('请上传 jpg/png 格式的图片！');
    const mismatched = await feedback(alice.token, { content: '结果下载失败' }, { name: 'shot.jpg', data: PNG });
    expect(mismatched.body.errmsg).toBe('请上传 jpg/png 格式的图片！');
    const big = await feedback(alice.token, { content: '结果下载失败' }, { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(500 * 1024)]) });
    expect(big.status).toBe(400);
    expect(big.body.errmsg).toBe('图片大小不能超过 500kb！');
    const empty = await feedback(alice.token, { content: '  ', contact: 'x' });
    expect(empty.body.errmsg).toBe('请输入反馈内容！');
    expect((await feedback(alice.token, { contact: 'x' })).body.errmsg).toBe('请输入反馈内容！');
    expect((await t.api<unknown[]>('/api/feedback', { token: alice.token })).body.data).toEqual([]);
  });

  it('submits, lists, serves the image to its owner and revokes only while pending', async () => {
    const withImage = await feedback(alice.token, { content: '结果下载失败', contact: '13800000000' }, { name: 'shot.PNG', data: PNG });
    expect(withImage.body).toMatchObject({ errno: 0, errmsg: '提交反馈成功！', data: { status_text: '待处理' } });
    const jpg = await feedback(alice.token, { content: '任务排队太久' }, { name: 'a.jpeg', data: JPEG });
    expect(jpg.body.errno).toBe(0);
    const plain = await feedback(alice.token, { content: '希望增加新模块' });
    expect(plain.body.data.image).toBeNull();

    const list = await t.api<{ id: number; content: string; image: string | null; contact: string; status: string; status_text: string }[]>('/api/feedback', { token: alice.token });
    expect(list.body.data.map((f) => f.content)).toEqual(['希望增加新模块', '任务排队太久', '结果下载失败']);
    const ticket = list.body.data[2]!;
    expect(ticket).toMatchObject({ contact: '13800000000', status: 'pending', status_text: '待处理' });
    const img = await fetch(`${t.url}${ticket.image}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${t.url}${ticket.image}`, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(403);
    expect((await fetch(`${t.url}${ticket.image}`)).status).toBe(401);

    expect((await t.api('/api/feedback/revoke', { method: 'POST', token: bob.token, json: { id: ticket.id } })).status).toBe(403);
    const revoked = await t.api('/api/feedback/revoke', { method: 'POST', token: alice.token, json: { id: ticket.id } });
    expect(revoked.body.errno).toBe(0);
    const twice = await t.api('/api/feedback/revoke', { method: 'POST', token: alice.token, json: { id: ticket.id } });
    expect(twice.status).toBe(400);
    expect(twice.body.errmsg).toBe('只有待处理的反馈可以撤销！');

    await db().update(schema.feedbackTickets).set({ status: 'resolved' }).where(eq(schema.feedbackTickets.id, plain.body.data.id));
    expect((await t.api('/api/feedback/revoke', { method: 'POST', token: alice.token, json: { id: plain.body.data.id } })).body.errmsg).toBe('只有待处理的反馈可以撤销！');
    const after = await t.api<{ id: number; status_text: string }[]>('/api/feedback', { token: alice.token });
    expect(after.body.data.map((f) => f.status_text)).toEqual(['已处理', '待处理', '已撤销']);
  });
});

describe('supercomputer', () => {
  it('shows the price table, takes one application per node and lists terminal tasks', async () => {
    const prices = await t.api<{ company: string; ssh_could: number; ssh_normal: number; remarks: string }[]>('/api/charge', { token: alice.token });
    expect(prices.body.data[0]).toMatchObject({ company: '云药超算', ssh_could: 0.5, ssh_normal: 0.3 });

    expect((await t.api('/api/chaosuan/apply', { method: 'POST', token: alice.token, json: { node: 'tianhe' } })).body.errmsg).toBe('请选择超算节点！');
    const applied = await t.api('/api/chaosuan/apply', { method: 'POST', token: alice.token, json: { node: 'beijing' } });
    expect(applied.body).toMatchObject({ errno: 0, data: { node: 'beijing', status: 'applied' } });
    const dup = await t.api('/api/chaosuan/apply', { method: 'POST', token: alice.token, json: { node: 'beijing' } });
    expect(dup.status).toBe(409);
    expect((await t.api('/api/chaosuan/apply', { method: 'POST', token: alice.token, json: { node: 'bianshui' } })).body.errno).toBe(0);
    const info = await t.api<{ chaosuans: unknown[] }>('/api/user/info', { token: alice.token });
    expect(info.body.data.chaosuans).toEqual([
      { node: 'beijing', account: '', status: 'applied' },
      { node: 'bianshui', account: '', status: 'applied' },
    ]);

    expect((await t.api('/api/ssh/tasks?page=1&limit=10', { token: alice.token })).body.data).toEqual({ total: 0, data: [] });
    // As the Slurm sync records an ended job (terminal.test.ts runs the sync itself): the row and its one charge.
    expect(
      await recordTerminalJob(db(), alice.userId, {
        node: 'beijing',
        jobId: '1001',
        jobType: 'cpu',
        jobName: 'md-run',
        startedAt: new Date('2024-01-01T00:00:00Z'),
        endedAt: new Date('2024-01-01T02:00:00Z'),
        machineTime: 64,
        unitPriceFen: 50,
        feeFen: 3200,
        state: 'COMPLETED',
      }),
    ).toBe('charged');
    const jobs = await t.api<{ total: number; data: unknown[] }>('/api/ssh/tasks', { token: alice.token });
    expect(jobs.body.data.total).toBe(1);
    expect(jobs.body.data.data[0]).toEqual({
      jobid: '1001',
      job_type: 'cpu',
      jobname: 'md-run',
      start: '2024-01-01 08:00:00',
      end: '2024-01-01 10:00:00',
      machine_time: 64,
      unit_price: 0.5,
      task_fee: 32,
      state_text: '已完成',
    });
    expect((await t.api<{ total: number }>('/api/ssh/tasks', { token: bob.token })).body.data.total).toBe(0);
  });

  it('serves the official account QR code as a PNG data URL', async () => {
    const qr = await t.api<{ url: string }>('/api/wechat/qrcode', { token: alice.token });
    expect(qr.body.data.url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  });
});

describe('staff decisions from the ops CLI', () => {
  const ops = (...args: string[]) => runOpsCommand(t.platform.deps.database, t.config, args);

  it('issues invoices, answers feedback and opens supercomputer accounts, each once, and the user sees it', async () => {
    const carol = await newUser(t, 'staff-carol@example.com', 10);
    await rechargeRow(carol.userId, 'YYSTAFF0001', 3);
    const applied = await t.api('/api/recharges/invoice', { method: 'POST', token: carol.token, json: { order_id: 'YYSTAFF0001', type: 'normal', ...invoiceInfo } });
    expect(applied.body.errno).toBe(0);
    const listed = await ops('invoice:list');
    const invoiceLine = listed.lines.find((l) => l.includes('YYSTAFF0001'))!;
    const invoiceId = invoiceLine.split('\t')[0]!;
    expect(invoiceLine).toContain('staff-carol@example.com');
    expect((await ops('invoice:issue', invoiceId)).code).toBe(0);
    expect((await ops('invoice:issue', invoiceId)).code).toBe(1);
    const invoices = await t.api<{ status_text: string }[]>('/api/recharges/invoices', { token: carol.token });
    expect(invoices.body.data.map((i) => i.status_text)).toEqual(['已开票']);

    const ticket = await feedback(carol.token, { content: '结果下载很慢', contact: 'carol' });
    expect((await ops('feedback:list')).lines.some((l) => l.includes('结果下载很慢'))).toBe(true);
    expect((await ops('feedback:resolve', String(ticket.body.data.id))).code).toBe(0);
    const tickets = await t.api<{ status_text: string }[]>('/api/feedback', { token: carol.token });
    expect(tickets.body.data[0]!.status_text).toBe('已处理');
    expect((await t.api('/api/feedback/revoke', { method: 'POST', token: carol.token, json: { id: ticket.body.data.id } })).body.errno).not.toBe(0);

    await t.api('/api/chaosuan/apply', { method: 'POST', token: carol.token, json: { node: 'beijing' } });
    const hpcLine = (await ops('hpc:list')).lines.find((l) => l.includes('staff-carol@example.com'))!;
    expect((await ops('hpc:activate', hpcLine.split('\t')[0]!)).code).toBe(2);
    expect((await ops('hpc:activate', hpcLine.split('\t')[0]!, 'yy_carol')).code).toBe(0);
    const info = await t.api<{ chaosuans: { node: string; account: string; status: string }[] }>('/api/user/info', { token: carol.token });
    expect(info.body.data.chaosuans).toEqual([expect.objectContaining({ node: 'beijing', account: 'yy_carol', status: 'active' })]);
  });
});

describe('account cancellation', () => {
  it('zeroes the balance through the ledger, clears history, unbinds accounts and ends every session', async () => {
    const eve = await newUser(t, 'eve@example.com', 88);
    const secondLogin = await t.api<{ token: string; refresh_token: string }>('/api/user/login', { method: 'POST', json: { account: 'eve@example.com', password } });
    const storage = t.platform.deps.storage;

    // History: a data file, a queued and a running task with an input, a feedback image, an invoice info, an hpc account.
    await storage.put(`users/${eve.userId}/files/x.pdb`, Buffer.from('ATOM'));
    await insertDataFile(db(), { userId: eve.userId, type: 'protein', name: 'x', filename: 'x.pdb', storageKey: `users/${eve.userId}/files/x.pdb`, size: 4 });
    const queued = await insertTask(db(), { userId: eve.userId, module: 'convert', moduleVersion: '1', name: 'q', params: {} });
    const running = await insertTask(db(), { userId: eve.userId, module: 'convert', moduleVersion: '1', name: 'r', params: {} });
    await claimTask(db(), running.id, 'test-worker');
    await storage.put(`tasks/${running.id}/input/0`, Buffer.from('C'));
    await db().insert(schema.taskFiles).values({ taskId: running.id, role: 'input', name: 'in.smi', storageKey: `tasks/${running.id}/input/0`, size: 1 });
    const fb = await feedback(eve.token, { content: 'bye' }, { name: 'p.png', data: PNG });
    const imageKey = (await db().select().from(schema.feedbackTickets).where(eq(schema.feedbackTickets.id, fb.body.data.id)))[0]!.imageKey!;
    await t.api('/api/invoices', { method: 'POST', token: eve.token, json: invoiceInfo });
    await t.api('/api/chaosuan/apply', { method: 'POST', token: eve.token, json: { node: 'bianshui' } });
    await rechargeRow(eve.userId, 'E-PAID', 3);
    await t.api('/api/recharges/invoice', { method: 'POST', token: eve.token, json: { order_id: 'E-PAID', type: 'normal', header: 'Eve', serial_num: '1', ...recipient } });

    const closed = await t.api('/api/user/revoke', { method: 'POST', token: eve.token });
    expect(closed.body).toMatchObject({ errno: 0, errmsg: '注销成功！' });

    expect(await balanceFen(db(), eve.userId)).toBe(0);
    const closing = await db().select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, 'account_closed'));
    expect(closing).toEqual([expect.objectContaining({ userId: eve.userId, amountFen: -(8800 + 10_000), ref: `close:${eve.userId}` })]);
    expect(await verifyLedger(db())).toEqual([]);
    const verify = await runOpsCommand(t.platform.deps.database, t.config, ['ledger:verify']);
    expect(verify.lines.join("\n")).toMatch(/^ledger ok/);
    expect(verify.code).toBe(0);

    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, eve.userId));
    expect(row!.email).toBe(`deleted-${eve.userId}@invalid`);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(schema.tasks).where(eq(schema.tasks.userId, eve.userId))).toEqual([]);
    expect(await db().select().from(schema.taskFiles).where(eq(schema.taskFiles.taskId, queued.id))).toEqual([]);
    expect(await db().select().from(schema.dataFiles).where(eq(schema.dataFiles.userId, eve.userId))).toEqual([]);
    expect(await db().select().from(schema.feedbackTickets).where(eq(schema.feedbackTickets.userId, eve.userId))).toEqual([]);
    expect(await db().select().from(schema.invoiceInfos).where(eq(schema.invoiceInfos.userId, eve.userId))).toEqual([]);
    expect((await db().select().from(schema.hpcAccounts).where(eq(schema.hpcAccounts.userId, eve.userId))).map((a) => a.status)).toEqual(['unbound']);
    // The financial records stay, attached to the anonymised row.
    expect(await db().select().from(schema.invoiceApplications).where(eq(schema.invoiceApplications.userId, eve.userId))).toHaveLength(1);
    expect(await storage.exists(`users/${eve.userId}/files/x.pdb`)).toBe(false);
    expect(await storage.exists(`tasks/${running.id}/input/0`)).toBe(false);
    expect(await storage.exists(imageKey)).toBe(false);

    const oldToken = await t.api('/api/user/info', { token: eve.token });
    expect(oldToken.status).toBe(401);
    expect(oldToken.body.errno).toBe(50008);
    expect((await t.api('/api/user/info', { token: secondLogin.body.data.token })).status).toBe(401);
    expect((await t.api('/api/user/refresh', { method: 'POST', json: { refresh_token: secondLogin.body.data.refresh_token } })).status).toBe(401);
    const login = await t.api('/api/user/login', { method: 'POST', json: { account: 'eve@example.com', password } });
    expect(login.body.errmsg).toBe('账号或密码错误！');
    expect((await t.api('/api/user/login', { method: 'POST', json: { account: `deleted-${eve.userId}@invalid`, password } })).body.errno).toBe(40101);

    // The address is free again: a new, empty account.
    const again = await newUser(t, 'eve@example.com', 0);
    expect(again.userId).not.toBe(eve.userId);
    const info = await t.api<{ balance: number; chaosuans: unknown[] }>('/api/user/info', { token: again.token });
    expect(info.body.data).toMatchObject({ email: 'eve@example.com', balance: 0, chaosuans: [] });
    expect((await t.api<unknown[]>('/api/feedback', { token: again.token })).body.data).toEqual([]);
  });

  it('keeps an inviter\'s records when the invitee closes the account, and a closed inviter\'s code stops crediting', async () => {
    const carol = await t.api<{ token: string }>('/api/user/login', { method: 'POST', json: { account: 'carol@example.com', password } });
    const carolRow = (await findUserByEmail(db(), 'carol@example.com'))!;
    expect((await t.api('/api/user/revoke', { method: 'POST', token: carol.body.data.token })).body.errno).toBe(0);
    const invites = await t.api<{ name: string; amount: number }[]>('/api/invites', { token: alice.token });
    expect(invites.body.data.map((i) => i.name)).toEqual(['d***@example.com', '已注销用户']);

    // Carol's old invite code no longer credits anyone.
    const viaClosed = await t.api('/api/user/register', { method: 'POST', json: { email: 'frank@example.com', password, invite_code: carolRow.inviteCode } });
    expect(viaClosed.body.errmsg).toBe('邀请码无效！');
    expect(await balanceFen(db(), carolRow.id)).toBe(0);

    // Carol comes back with the same email and Alice's link: a new account, but no second reward for Alice.
    const alicesCode = (await findUserByEmail(db(), 'alice@example.com'))!.inviteCode;
    const aliceBefore = await balanceFen(db(), alice.userId);
    const back = await t.api('/api/user/register', { method: 'POST', json: { email: 'carol@example.com', password, invite_code: alicesCode } });
    expect(back.body.errno).toBe(0);
    expect(await balanceFen(db(), alice.userId)).toBe(aliceBefore);
    expect((await t.api<unknown[]>('/api/invites', { token: alice.token })).body.data).toHaveLength(2);
    // A genuinely new invitee still pays.
    expect((await t.api('/api/user/register', { method: 'POST', json: { email: 'gina@example.com', password, invite_code: alicesCode } })).body.errno).toBe(0);
    expect(await balanceFen(db(), alice.userId)).toBe(aliceBefore + 2000);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
