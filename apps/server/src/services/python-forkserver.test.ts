import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@yunyao/platform';
import { PythonForkServer } from './python-forkserver.ts';

const config = loadConfig({});
const server = new PythonForkServer({ python: config.python, pythonPath: config.pythonPath });
const dir = mkdtempSync(join(tmpdir(), 'forkserver-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (args: string[], timeLimitSeconds = 60) => server.run({ name: 'check-smiles', program: 'check_smiles', args, cwd: dir, timeLimitSeconds });

describe('the fork server for the API’s Python programs', () => {
  it('runs a program as `python -m`, side by side, each with its own output and CPU time', async () => {
    const [one, two] = await Promise.all([check(['--smiles-json', '["CCO"]']), check(['--smiles-json', '["C1CC", "c1ccccc1"]'])]);
    expect(one).toMatchObject({ exitCode: 0, timedOut: false });
    expect(one.failure).toBeUndefined();
    expect(JSON.parse(one.stdout)).toEqual({ molecules: 1, unreadable: [] });
    expect(JSON.parse(two.stdout)).toMatchObject({ molecules: 2, unreadable: [{ line: 1, smiles: 'C1CC' }] });
    expect(one.cpuSeconds).toBeGreaterThan(0);
  });

  it('passes on a refusal of the input, in the program’s own words, from its own folder', async () => {
    writeFileSync(join(dir, 'no-smiles.csv'), 'name,weight\naspirin,180\n');
    const res = await check(['--table', 'no-smiles.csv', '--name', 'mine.csv']);
    expect(res.exitCode).not.toBe(0);
    expect(res.stderr).toContain('YUNYAO_INPUT_ERROR: ');
    expect(res.failure?.kind).toBe('input');
  });

  it('kills a program past its time limit', async () => {
    // 200,000 SMILES take RDKit seconds to parse; the request itself travels through a pipe, not argv.
    const res = await check(['--smiles-json', JSON.stringify(Array.from({ length: 200_000 }, () => 'c1ccccc1O'))], 0.3);
    expect(res).toMatchObject({ timedOut: true, exitCode: null });
    expect(res.failure?.kind).toBe('time_limit');
    // The server is still there for the next request.
    expect((await check(['--smiles-json', '["CCO"]'])).exitCode).toBe(0);
  });

  it('fails the requests of a server that died, as the platform’s fault, and starts another for the next', async () => {
    const long = check(['--smiles-json', JSON.stringify(Array.from({ length: 200_000 }, () => 'c1ccccc1O'))]);
    await new Promise((r) => setTimeout(r, 300));
    // This process's own fork server only: other test files' platforms may have theirs.
    execFileSync('pkill', ['-KILL', '-P', String(process.pid), '-f', 'yunyao.forkserver']);
    const res = await long;
    expect(res.failure?.kind).toBe('platform');
    expect((await check(['--smiles-json', '["CCO"]'])).exitCode).toBe(0);
  });
});
