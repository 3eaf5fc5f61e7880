/**
 * The worker's driver for one quantum-chemistry task:
 *   tsx packages/quantum/src/cli.ts --job=job.json --molecules=manifest.json --out=<dir>
 * `manifest.json` lists `[{ name, path }]` of .xyz files. Molecules run one after another, each in
 * `<out>/<name>/`; `<out>/progress.json` is rewritten after each and `<out>/result.json` holds
 * `{ molecules }` at the end, `<out>/summary.csv` one row per molecule. Exit 0 when at least one molecule finished ok.
 * SIGTERM/SIGINT cancel the running engine before this process exits.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QmInputError } from './bilingual.ts';
import { chooseEngine } from './engines/index.ts';
import type { EngineSettings, QmJob } from './job.ts';
import type { QmMoleculeResult } from './result.ts';
import { failed, runMolecule } from './runner.ts';
import { moleculesCsv } from './summary-csv.ts';
import { parseXyz, toXyz } from './xyz.ts';

interface ManifestEntry {
  name: string;
  path: string;
}

function argument(name: string): string {
  const prefix = `--${name}=`;
  const value = process.argv.slice(2).find((a) => a.startsWith(prefix))?.slice(prefix.length);
  if (!value) {
    process.stderr.write(`缺少参数 --${name}=...（用法：cli.ts --job=job.json --molecules=manifest.json --out=<dir>）\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<number> {
  const job = JSON.parse(await readFile(argument('job'), 'utf8')) as QmJob;
  const manifest = JSON.parse(await readFile(argument('molecules'), 'utf8')) as ManifestEntry[];
  const out = argument('out');
  const settings: EngineSettings = {
    ...(process.env.ORCA_PATH ? { orcaPath: process.env.ORCA_PATH } : {}),
    ...(process.env.DFTBPLUS_PATH ? { dftbPath: process.env.DFTBPLUS_PATH } : {}),
  };
  const abort = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => abort.abort());

  await mkdir(out, { recursive: true });
  const molecules: QmMoleculeResult[] = [];
  for (const entry of manifest) {
    if (abort.signal.aborted) break;
    const dir = join(out, entry.name);
    let result: QmMoleculeResult;
    try {
      const geometry = parseXyz(await readFile(entry.path, 'utf8'), entry.name);
      result = await runMolecule(job, geometry, dir, settings, { signal: abort.signal });
    } catch (error) {
      if (!(error instanceof QmInputError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // A molecule whose file cannot be read or parsed fails alone, like any engine failure.
      const reason = error instanceof QmInputError ? error.zh : `找不到分子文件 ${entry.path}`;
      result = failed(job, { name: entry.name, comment: '', atoms: [] }, chooseEngine(job, settings), reason);
    }
    if (result.status === 'ok' && result.optimized) {
      await writeFile(join(dir, `${entry.name}_opt.xyz`), toXyz({ name: entry.name, comment: `${result.level} optimised`, atoms: result.geometry }));
    }
    molecules.push(result);
    await writeFile(join(out, 'progress.json'), JSON.stringify({ done: molecules.length, total: manifest.length, unit: '分子' }));
  }
  await writeFile(join(out, 'result.json'), JSON.stringify({ molecules }, null, 2));
  await writeFile(join(out, 'summary.csv'), moleculesCsv(molecules));
  if (abort.signal.aborted) {
    process.stderr.write('任务已取消\n');
    return 130;
  }
  if (!molecules.some((m) => m.status === 'ok')) {
    // One YUNYAO_ERROR line is the task's failure reason (see @yunyao/modules errorReason).
    process.stderr.write(`YUNYAO_ERROR: 全部 ${molecules.length} 个分子计算失败：${molecules.map((m) => `${m.name}: ${m.error ?? ''}`).join('；').replace(/\n/g, ' ')}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
