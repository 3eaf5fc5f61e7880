import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSETTA_FIXTURES, standinRosettaBin } from '@yunyao/modules/rosetta-testing';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// Issue 33's licensed engines through the API: POST /api/rosetta (module=minimizer|packer) and POST /api/vasp.
const MODULES = path.resolve(import.meta.dirname, '../../../packages/modules');
const PROTEIN = readFileSync(path.join(ROSETTA_FIXTURES, '1l2y_0001.pdb'), 'utf8');
const FLAGS = '-s 1l2y.pdb\n-ex1 -ex2\n-nstruct 1\n';
const RESFILE = 'NATRO\nstart\n1 - 5 A NATAA\n';
const VASP_INPUTS = ['INCAR', 'POSCAR', 'KPOINTS', 'POTCAR'].map((name) => [name, readFileSync(path.join(MODULES, 'vasp/test-fixtures/inputs', name), 'utf8')] as const);

const protein = { field: 'protein', name: '1l2y.pdb', data: PROTEIN };
const flags = (text = FLAGS) => ({ field: 'flags', name: 'flags.txt', data: text });
const movemap = { field: 'movemap', name: 'movemap.txt', data: 'RESIDUE * CHI\n' };
const residue = { field: 'residue', name: 'design.txt', data: RESFILE };
const vaspZip = (extra: Record<string, string> = {}) => ({ field: 'vasp', name: 'gaas.zip', data: Buffer.from(zipSync(Object.fromEntries([...VASP_INPUTS, ...Object.entries(extra)].map(([n, text]) => [n, strToU8(text)])))) });

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'licensed@example.com')).token;
});
afterAll(() => t?.close());

describe('licensed engines not configured', () => {
  it('check the files with the spec’s words, then refuse free of charge, naming the setting the operator must set', async () => {
    const rosetta = (files: Parameters<typeof submitFiles>[3], module?: string) => submitFiles(t, token, '/api/rosetta', files, { protein_source: 'file', ...(module ? { module } : {}) });
    expect((await rosetta([protein, flags(), movemap])).body.errmsg).toMatch(/请选择计算模块（module：minimizer、packer）/);
    expect((await rosetta([flags(), movemap], 'minimizer')).body.errmsg).toBe('请上传蛋白质文件！');
    expect((await rosetta([protein, movemap], 'minimizer')).body.errmsg).toBe('请上传flag文件！');
    expect((await rosetta([protein, flags()], 'minimizer')).body.errmsg).toBe('请上传movemap文件！');
    expect((await rosetta([protein, flags()], 'packer')).body.errmsg).toBe('请上传resfile文件！');
    expect((await rosetta([{ ...protein, name: '1l2y.txt' }, flags(), movemap], 'minimizer')).body.errmsg).toMatch(/^文件格式错误,请确认文件格式并重新上传!/);
    expect((await rosetta([protein, flags('-s 1l2y.pdb\n-in:path:database /opt/db\n'), residue], 'packer')).body.errmsg).toMatch(/flag 文件第 2 行：-in:path:database 由平台设置/);
    expect((await rosetta([protein, flags(), movemap], 'minimizer')).body.errmsg).toMatch(/尚未配置 Rosetta（运营方需设置 ROSETTA_BIN/);
    const english = await t.api('/api/rosetta', { method: 'POST', token, headers: { 'accept-language': 'en' }, body: formOf([protein, flags(), residue], { module: 'packer' }) });
    expect(english.body.errmsg).toMatch(/the operator must set ROSETTA_BIN.*nothing is charged/);

    expect((await submitFiles(t, token, '/api/vasp', [vaspZip({ '../POTCAR': 'x' })])).body.errmsg).toMatch(/指向压缩包之外/);
    expect((await submitFiles(t, token, '/api/vasp', [vaspZip()])).body.errmsg).toMatch(/尚未配置 VASP（运营方需设置 VASP_BIN/);
    expect((await t.api('/api/licensed/engines', { token })).body.data).toEqual({ rosetta: false, vasp: false, vasp_mpi: false });
    // Nothing was held, stored or queued.
    expect((await t.api<{ total: number }>('/api/tasks?status=0&page=1&limit=10', { token })).body.data.total).toBe(0);
  });
});

describe('licensed engines configured (stand-in binaries)', () => {
  it('run Packer from the shared route and VASP, and serve their results', async () => {
    // As after a restart with ROSETTA_BIN and VASP_BIN set (one platform start is spared).
    Object.assign(t.platform.deps.config.licensedEngines, { rosettaBin: await standinRosettaBin(), vaspPath: path.join(MODULES, 'vasp/test-fixtures/vasp-standin.py') });
    expect((await t.api('/api/licensed/engines', { token })).body.data).toEqual({ rosetta: true, vasp: true, vasp_mpi: false });
    const packer = await submitFiles(t, token, '/api/rosetta', [protein, flags('-s 1l2y.pdb\n-resfile design.txt\n-ex1\n'), residue], { module: 'packer', protein_source: 'file' });
    expect(packer.body.errno, packer.body.errmsg).toBe(0);
    const vasp = await submitFiles(t, token, '/api/vasp', [vaspZip()], { cores: '1', hours: '0.5' });
    expect(vasp.body.errno, vasp.body.errmsg).toBe(0);
    const packed = await waitForTask(t, token, packer.body.data.task_id, 30_000);
    expect(packed).toMatchObject({ module: 'packer', status_text: '已完成' });
    const rows = (await t.api<{ name: string; total_score: number }[]>(`/api/tasks/output/${packer.body.data.task_id}`, { token })).body.data;
    expect(rows).toMatchObject([{ rank: 1, total_score: -30.374 }]);
    const ran = await waitForTask(t, token, vasp.body.data.task_id, 30_000);
    expect(ran).toMatchObject({ module: 'vasp', status_text: '已完成' });
    const result = (await t.api<{ free_energy: number; ionic_converged: boolean }>(`/api/tasks/json/${vasp.body.data.task_id}`, { token })).body.data;
    expect(result).toMatchObject({ free_energy: -33.08021127, ionic_converged: true });
  }, 40_000);
});

function formOf(files: { field: string; name: string; data: string }[], fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([f.data]), f.name);
  return form;
}
