import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { ZIP_MAX_UNCOMPRESSED_BYTES } from '@yunyao/modules';
import { oneMemberZip, zerosDeflate } from '@yunyao/modules/zip-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, type TestPlatform } from './support/harness.ts';

// Everything here can be told from the upload, so each is refused at submission: no task, no hold.
const AURKA = readFileSync('/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb');
const FIXTURES = path.resolve(import.meta.dirname, '../../../python/tests/fixtures');
const POSE = readFileSync(path.join(FIXTURES, 'aurka_pose.sdf'));
const MOL2 = '@<TRIPOS>MOLECULE\nethanol\n3 2 0 0 0\nSMALL\nNO_CHARGES\n';
const SITE = JSON.stringify({ name: 'atp', center: [1, 20, 30], size: [20, 20, 20] });
const MB = 1024 * 1024;

const BAD_PROTEINS: [string, Buffer, string][] = [
  ['binary.pdb', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), '输入文件 binary.pdb 不是文本文件'],
  ['garbage.pdb', Buffer.from('hello world\nthis is not a structure\n'), '输入文件 garbage.pdb 第 1 行无法解析：不是 PDB 格式的记录'],
  // Cut in the middle of an atom line, as an interrupted download leaves it.
  ['truncated.pdb', AURKA.subarray(0, 19_950), '输入文件 truncated.pdb 第 247 行无法解析：原子记录过短'],
  ['ligand_only.pdb', Buffer.from('HETATM    1  C1  LIG A   1       0.000   0.000   0.000  1.00  0.00           C\nHETATM    2  O1  LIG A   1       1.400   0.000   0.000  1.00  0.00           O\nEND\n'), '输入文件 ligand_only.pdb 中没有蛋白质原子'],
];

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  token = (await newUser(t, 'refusals@example.com')).token;
});
afterAll(() => t?.close());

const protein = (name: string, data: Buffer) => ({ field: 'protein', name, data });
const typed = { mole_type: 'molecule', molecules: 'CCO ethanol' };
/** A valid submission of each protein route but for its protein. */
const PROTEIN_ROUTES: [string, (p: ReturnType<typeof protein>) => Parameters<typeof submitFiles>[3], Record<string, string>][] = [
  ['/api/autodock/v2', (p) => [p], { protein_source: 'file', ...typed, 'pockets[]': SITE }],
  ['/api/sign', (p) => [p, { field: 'ligand', name: 'pose.sdf', data: POSE }], { protein_source: 'file', ligand_source: 'file', pocket_source: 'predicted', 'pockets[]': SITE }],
  ['/api/dynamic', (p) => [p, { field: 'ligand', name: 'pose.mol2', data: Buffer.from(MOL2) }], {}],
  ['/api/pharmer', (p) => [p, { field: 'ligand', name: 'pose.sdf', data: POSE }], typed],
  ['/api/protein/pockets', (p) => [p], { protein_source: 'file' }],
];

async function expectNoTask(): Promise<void> {
  expect((await t.api<{ total: number }>('/api/tasks', { token })).body.data.total).toBe(0);
}

describe('inputs refused at submission, before any hold', () => {
  it('a binary, garbage, truncated or protein-free structure, on every protein route', async () => {
    for (const [route, files, fields] of PROTEIN_ROUTES) {
      for (const [name, data, message] of BAD_PROTEINS) {
        const res = await submitFiles(t, token, route, files(protein(name, data)), fields);
        expect(res.status, `${route} ${name}`).toBe(400);
        expect(res.body.errmsg, `${route} ${name}`).toContain(message);
      }
    }
    // The good structure passes the same check: each route's refusals above were about the protein alone.
    expect((await submitFiles(t, token, '/api/protein/pockets/estimate', [protein('aurka.pdb', AURKA)], { protein_source: 'file' })).body.errno).toBe(0);
    await expectNoTask();
  }, 300_000);

  it('a reference ligand that is not a molecule', async () => {
    for (const [name, data, message] of [
      ['ref.sdf', 'junk\n', '参考配体文件 ref.sdf 无法读取'],
      ['ref.mol2', '\0\x01\x02', '输入文件 ref.mol2 不是文本文件'],
    ] as const) {
      const res = await submitFiles(t, token, '/api/pharmer', [protein('aurka.pdb', AURKA), { field: 'ligand', name, data: Buffer.from(data) }], typed);
      expect(res.body.errmsg, name).toContain(message);
    }
    await expectNoTask();
  }, 120_000);

  it('a binding-site file without coordinates', async () => {
    const fields = { protein_source: 'file', ligand_source: 'file', pocket_source: 'file' };
    const res = await submitFiles(t, token, '/api/sign', [protein('aurka.pdb', AURKA), { field: 'ligand', name: 'pose.sdf', data: POSE }, { field: 'pocket', name: 'site.csv', data: Buffer.from('x,y\nfoo,bar\n') }], fields);
    expect(res.body.errmsg).toContain('结合位点文件 site.csv');
    await expectNoTask();
  }, 60_000);

  it('a sequence shorter than the 2D affinity network reads', async () => {
    const res = await submitFiles(t, token, '/api/graphdta', [{ field: 'protein', name: 'short.fasta', data: Buffer.from('>short\nMKVLAAGIV\n') }], typed);
    expect(res.body.errmsg).toBe('文件 short.fasta 的蛋白序列只有 9 个氨基酸，至少需要 30 个');
    await expectNoTask();
  }, 60_000);

  it('zips over the member and size limits, or with a path out of the archive, read from their directory', async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`lig${i}.mol2`, strToU8(MOL2)])));
    const megabytes = ZIP_MAX_UNCOMPRESSED_BYTES / MB + 1;
    const zeros = zerosDeflate(megabytes);
    const bomb = oneMemberZip('bomb.mol2', zeros.data, zeros.crc, megabytes * MB);
    const slip = zipSync({ 'a.mol2': strToU8(MOL2), '../../evil.mol2': strToU8(MOL2) });
    const liar = oneMemberZip('liar.mol2', zerosDeflate(8).data, 0, 100);
    const cases: [Buffer | Uint8Array, string][] = [
      [many, '压缩包 ligs.zip 中文件过多（10000 个，最多 2000 个）！'],
      [bomb, `压缩包 ligs.zip 解压后共 ${megabytes} MB，超过上限 100 MB！`],
      [slip, '压缩包 ligs.zip 中的文件路径“../../evil.mol2”指向压缩包之外，请重新打包后上传！'],
      [liar, '压缩包 ligs.zip 中的文件 liar.mol2 已损坏或无法解压，请重新打包后上传！'],
    ];
    const sign = { protein_source: 'file', ligand_source: 'file', pocket_source: 'predicted', 'pockets[]': SITE };
    for (const [zip, message] of cases) {
      const ligand = { field: 'ligand', name: 'ligs.zip', data: Buffer.from(zip) };
      for (const [route, fields] of [['/api/sign', sign], ['/api/dynamic', {}]] as const) {
        for (const suffix of ['', '/estimate']) {
          const res = await submitFiles(t, token, `${route}${suffix}`, [protein('aurka.pdb', AURKA), ligand], fields);
          expect(res.status, `${route}${suffix}`).toBe(400);
          expect(res.body.errmsg, `${route}${suffix}`).toBe(message);
        }
      }
    }
    await expectNoTask();
  }, 300_000);
});
