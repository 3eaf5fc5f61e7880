import { readdir, readlink, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_JOB, FORMALDEHYDE, WATER } from './engines/test-support.ts';
import { runMolecule } from './runner.ts';

const root = await mkdtemp(join(tmpdir(), 'qm-runner-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Processes whose working directory is `dir` (the engine and its MPI ranks). */
async function processesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
    if (cwd === dir) found.push(pid);
  }
  return found;
}

describe('runMolecule', () => {
  it('turns an unsupported option into a failed result with the reason', async () => {
    const r = await runMolecule({ ...BASE_JOB, approximation: 'RIJCOSX' }, WATER, join(root, 'rijcosx'), {});
    expect(r.status).toBe('failed');
    expect(r.engine).toBe('nwchem');
    expect(r.error).toContain('NWChem 不提供 RIJCOSX 近似');
    expect(r.geometry).toEqual(WATER.atoms);
  });

  it('fails a molecule with overlapping atoms without running anything', async () => {
    const overlapping = { ...WATER, atoms: [...WATER.atoms, { element: 'H', x: 0.86, y: 0.6, z: 0 }] };
    const r = await runMolecule(BASE_JOB, overlapping, join(root, 'overlap'), {});
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/第 2 与第 4 个原子距离仅 0\.\d+ Å/);
  });

  it('fails a molecule with an unknown element', async () => {
    const r = await runMolecule(BASE_JOB, { ...WATER, atoms: [{ ...WATER.atoms[0]!, element: 'Xx' }] }, join(root, 'unknown'), {});
    expect(r.status).toBe('failed');
    expect(r.error).toContain('元素“Xx”无法识别');
  });

  it('reports an engine error with its last lines', async () => {
    // A triplet water cation with an even electron count is impossible: NWChem stops with an error.
    const r = await runMolecule({ ...BASE_JOB, cores: 1, multiplicity: 2 }, WATER, join(root, 'bad-spin'), {});
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/^NWChem 异常结束/);
    expect(r.input).toContain('nopen 1');
  });

  it('kills the engine when the signal aborts', async () => {
    const dir = join(root, 'cancel');
    const abort = new AbortController();
    const job = { ...BASE_JOB, method: 'B3LYP' as const, basis: 'def2-SVP', properties: { ...BASE_JOB.properties, uvvis: { nroots: 3 } } };
    const started = Date.now();
    setTimeout(() => abort.abort(), 1500);
    const r = await runMolecule(job, FORMALDEHYDE, dir, {}, { signal: abort.signal });
    expect(r.status).toBe('failed');
    expect(r.error).toContain('计算已取消');
    expect(Date.now() - started).toBeLessThan(8000);
    // mpirun exits once it has forwarded SIGTERM; on a loaded machine its NWChem ranks take a moment longer to go.
    await expect.poll(() => processesIn(dir), { timeout: 5000, interval: 200 }).toEqual([]);
  });
});
