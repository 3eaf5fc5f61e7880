import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { oneMemberZip } from '../shared/zip.testing.ts';
import type { StepContext } from '../types.ts';
import { readVaspArchive } from './vasp-archive.ts';
import type { VaspParams } from './vasp.form.ts';
import { vaspModule } from './vasp.module.ts';
import { readOszicar, readOutcar, readVasprun } from './vasp-outputs.ts';

const FIXTURES = fileURLToPath(new URL('./test-fixtures/', import.meta.url));
const fixture = (rel: string) => readFileSync(path.join(FIXTURES, rel), 'utf8');
const INPUTS = { INCAR: fixture('inputs/INCAR'), POSCAR: fixture('inputs/POSCAR'), KPOINTS: fixture('inputs/KPOINTS'), POTCAR: fixture('inputs/POTCAR') };
const zh = (problem: string | null | undefined) => (problem ? renderMessage(problem, 'zh') : problem);

/** An archive of the GaAs inputs with some files replaced, renamed (`null` drops one) or added. */
function archive(changes: Record<string, string | null> = {}, extra: Zippable = {}): Uint8Array {
  const files: Zippable = { ...extra };
  for (const [name, text] of Object.entries({ ...INPUTS, ...changes })) if (text !== null) files[name] = strToU8(text);
  return zipSync(files);
}
const check = (data: Uint8Array) => zh(readVaspArchive('gaas.zip', data).problem);
const params: VaspParams = { cores: 1, hours: 1 };
const submitted = (data: Uint8Array) => [{ field: 'vasp', name: 'gaas.zip', data: Buffer.from(data) }];

afterAll(cleanupStaged);

describe('VASP input archives', () => {
  it('read the four inputs at the root or in one folder, and what each says', () => {
    const read = readVaspArchive('gaas.zip', archive());
    expect(read.problem).toBeUndefined();
    expect(read.value).toMatchObject({
      incar: { ISMEAR: '0', SIGMA: '0.05', IBRION: '2', NSW: '10' },
      poscar: { species: ['Ga', 'As'], counts: [4, 4], atoms: 8, coordinates: 'direct' },
      kpoints: { mode: 'gamma', grid: [4, 4, 4] },
      potcar: [{ title: 'PAW_PBE Ga_d 06Jul2010', element: 'Ga' }, { title: 'PAW_PBE As 22Sep2009', element: 'As' }],
    });
    const nested = zipSync({ GaAs: Object.fromEntries(Object.entries(INPUTS).map(([name, text]) => [name, strToU8(text)])), 'GaAs/README': strToU8('notes') });
    expect(check(nested)).toBeUndefined();
  });

  it.each([
    ['a path out of the archive (zip slip)', archive({}, { '../INCAR': strToU8('x') }), /指向压缩包之外/],
    ['a symbolic link', archive({}, { CHGCAR: [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] }), /CHGCAR 是符号链接/],
    ['a missing file', archive({ KPOINTS: null }), /缺少 KPOINTS 文件/],
    ['a file twice', archive({}, { 'old/INCAR': strToU8('NSW = 0') }), /有多个 INCAR 文件/],
    ['a POSCAR whose species are not in the POTCAR’s order', archive({ POSCAR: INPUTS.POSCAR.replace('Ga As', 'As Ga') }), /POSCAR 的元素顺序（As Ga）与 POTCAR 的赝势顺序（Ga As）不一致/],
    ['a POTCAR with one dataset too few', archive({ POTCAR: INPUTS.POTCAR.split(' End of Dataset')[0]! }), /POSCAR 有 2 种元素，而 POTCAR 有 1 个赝势/],
    ['an INCAR line without =', archive({ INCAR: 'ENCUT 400\n' }), /INCAR 第 1 行“ENCUT 400”格式错误/],
    ['an INCAR integer out of range', archive({ INCAR: 'IBRION = 2\nNSW = -3\n' }), /第 2 行：NSW 的值“-3”应为 0–100000 之间的整数/],
    ['a POSCAR short of coordinates', archive({ POSCAR: INPUTS.POSCAR.split('\n').slice(0, 12).join('\n') }), /POSCAR 第 13 行格式错误：第 5 个原子的坐标应为三个数/],
    ['a KPOINTS grid of two numbers', archive({ KPOINTS: 'mesh\n0\nGamma\n4 4\n' }), /KPOINTS 第 4 行格式错误：网格应为三个正整数/],
    ['a file that is no POTCAR', archive({ POTCAR: 'hello\n' }), /POTCAR 中找不到赝势标题/],
  ])('refuse %s', (_case, data, message) => {
    expect(check(data)).toMatch(message);
  });

  it('refuse an archive whose directory declares more than the unpacked limit, without inflating it', () => {
    const data = strToU8('NSW = 0');
    expect(check(oneMemberZip('INCAR', Buffer.from(data), crc32(data), 2 ** 31))).toMatch(/解压后共 2048 MB，超过上限/);
  });

  it('take explicit and line-mode k-points', () => {
    expect(check(archive({ KPOINTS: 'two points\n2\nReciprocal\n0 0 0 1\n0.5 0.5 0.5 1\n' }))).toBeUndefined();
    expect(check(archive({ KPOINTS: 'bands\n20\nLine-mode\nreciprocal\n0 0 0 ! G\n0.5 0 0.5 ! X\n' }))).toBeUndefined();
  });
});

describe('VASP outputs', () => {
  it('read the final energies, largest force and convergence from an OUTCAR (pymatgen OUTCAR.icorelevel)', () => {
    expect(readOutcar(fixture('outputs/OUTCAR'))).toEqual({
      version: 'vasp.5.4.1 05Feb16 (build Apr 11 2016 20:17:35) complex',
      free_energy: -33.08021127,
      energy_without_entropy: -33.08021127,
      energy_sigma0: -33.08021127,
      max_force: 0,
      atoms_with_forces: 8,
      electronic_converged: true,
      reached_required_accuracy: true,
      ionic_steps: 1,
    });
    expect(readOutcar('------------------------ aborting loop EDIFF was not reached (unconverged)  ----\n').electronic_converged).toBe(false);
  });

  it('read the ionic steps of an OSZICAR (pymatgen static_silicon) and the version of a vasprun.xml', () => {
    expect(readOszicar(fixture('outputs/OSZICAR'))).toEqual([{ step: 1, free_energy: -10.645278, e0: -10.645278, de: 0, mag: -0 }]);
    expect(readVasprun(fixture('outputs/vasprun.xml'))).toEqual({ version: '6.3.2', calculations: [] });
    const calc = '<calculation><scstep><energy><i name="e_fr_energy"> -1.0 </i></energy></scstep><energy><i name="e_fr_energy"> -16.67666009 </i><i name="e_0_energy"> -16.67665972 </i></energy></calculation>';
    expect(readVasprun(calc).calculations).toEqual([{ e_fr_energy: -16.67666009, e_wo_entrp: null, e_0_energy: -16.67665972 }]);
  });
});

describe('VASP submissions and runs', () => {
  it('refuse at submission, free, while VASP_BIN is not set, and several cores without VASP_MPIRUN', () => {
    expect(zh(vaspModule.preflight!(params, submitted(archive()), {}))).toMatch(/尚未配置 VASP（运营方需设置 VASP_BIN/);
    expect(zh(vaspModule.preflight!({ cores: 4, hours: 1 }, submitted(archive()), { vaspPath: '/opt/vasp/vasp_std' }))).toMatch(/VASP_MPIRUN/);
    expect(vaspModule.preflight!(params, submitted(archive()), { vaspPath: '/opt/vasp/vasp_std' })).toBeNull();
  });

  it('run VASP under mpirun on the task’s cores where it is configured, and hold the cores times the hours', () => {
    const ctx = { params: { cores: 4, hours: 2 }, cores: 4, inputs: { vasp: [{ path: 'inputs/0_gaas.zip', originalName: 'gaas.zip' }] }, licensed: { vaspPath: '/opt/vasp/vasp_std', mpirunPath: '/usr/bin/mpirun' } };
    const steps = vaspModule.buildSteps(ctx as unknown as StepContext<VaspParams>);
    expect(steps.at(-1)!.argv).toEqual(['/usr/bin/mpirun', '-np', '4', '/opt/vasp/vasp_std']);
    expect(vaspModule.estimateCoreHours({ cores: 4, hours: 2 }, {})).toBe(8);
  });

  it('fail a queued task at once, free, when VASP_BIN is gone; run the configured binary and read its outputs (stand-in binary)', async () => {
    const zip = path.join(await mkdtemp(path.join(tmpdir(), 'vasp-zip-')), 'gaas.zip');
    await writeFile(zip, archive());
    const files = [{ field: 'vasp', originalName: 'gaas.zip', source: zip }];
    const gone = await runModule(vaspModule, { cores: '1', hours: '1' }, files, { licensed: {} });
    expect(gone).toMatchObject({ ok: false, failureKind: 'platform' });
    expect(gone.error).toMatch(/VASP_BIN/);

    const run = await runModule(vaspModule, { cores: '1', hours: '1' }, files, { licensed: { vaspPath: path.join(FIXTURES, 'vasp-standin.py') } });
    expect(run.error).toBeUndefined();
    expect(await run.read('POSCAR')).toBe(INPUTS.POSCAR);
    const { summary, rows, outputs, out } = run.result!;
    expect(summary).toMatchObject({
      vasp_version: 'vasp.5.4.1 05Feb16 (build Apr 11 2016 20:17:35) complex',
      free_energy: -33.08021127,
      energy_sigma0: -33.08021127,
      electronic_converged: true,
      ionic_converged: true,
      max_force: 0,
      ionic_steps: 1,
    });
    expect(rows).toEqual([{ step: 1, free_energy: -10.645278, e0: -10.645278, de: 0, mag: -0 }]);
    expect(outputs.map((o) => o.name)).toEqual(['OUTCAR', 'OSZICAR', 'vasprun.xml', 'CONTCAR']);
    expect(out).toBe('OUTCAR');
  });
});
