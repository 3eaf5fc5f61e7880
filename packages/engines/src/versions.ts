import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { moduleEngines, type EngineDeclaration, type ModuleEngines } from '@yunyao/modules/engines';
import { buildEngineCatalogue, type CatalogueEntry } from './catalogue.ts';
import { platformEngines } from './platform.ts';

const run = promisify(execFile);

export interface EngineInfo {
  id: string;
  name: string;
  found: boolean;
  version: string | null;
  path: string | null;
}

/** The platform's engine declarations and every module's (`packages/modules/<code>/<code>.engines.ts`), as discovered. */
export const ENGINE_DECLARATIONS: readonly ModuleEngines[] = [...moduleEngines, platformEngines];

/** Every engine a module may name in `engines` and the platform's own; the health check and task provenance read it. */
export const ENGINES: ReadonlyMap<string, CatalogueEntry> = buildEngineCatalogue(ENGINE_DECLARATIONS);

export const KNOWN_ENGINES = [...ENGINES.keys()];

/** Runs an engine's version probe (`{python}`: the configured interpreter; `{node}`: this process's Node). */
export async function probeEngine(engine: EngineDeclaration, python: string): Promise<EngineInfo> {
  const argv = engine.probe.argv.map((a) => (a === '{python}' ? python : a === '{node}' ? process.execPath : a));
  const [cmd, ...args] = argv as [string, ...string[]];
  const { id, name } = engine;
  try {
    const { stdout, stderr } = await run(cmd, args, { timeout: 20_000 });
    const version = engine.probe.pattern.exec(`${stdout}\n${stderr}`)?.[1] ?? null;
    const path = cmd.startsWith('/') ? cmd : ((await run('which', [cmd]).catch(() => ({ stdout: '' }))).stdout.trim() || null);
    return { id, name, found: true, version, path };
  } catch {
    return { id, name, found: false, version: null, path: null };
  }
}

const cache = new Map<string, Promise<EngineInfo>>();

/**
 * An engine's version, by its declaration (a module's `engines`) or by its id in `ENGINES`. Versions found
 * are probed once per process: engines come from Debian packages and do not change while it runs.
 */
export function engineInfo(engineOrId: EngineDeclaration | string, python = '/usr/bin/python3'): Promise<EngineInfo> {
  const engine = typeof engineOrId === 'string' ? ENGINES.get(engineOrId)?.engine : engineOrId;
  if (!engine) return Promise.resolve({ id: String(engineOrId), name: String(engineOrId), found: false, version: null, path: null });
  const key = `${engine.id}|${python}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = probeEngine(engine, python);
    cache.set(key, hit);
    // A probe that failed (a missing engine, or one too slow to answer on a loaded machine) is asked
    // again next time: kept, a single slow start left every later task of the process without versions.
    void hit.then((info) => {
      if (!info.found) cache.delete(key);
    });
  }
  return hit;
}

export function engineInfos(engines: readonly (EngineDeclaration | string)[], python?: string): Promise<EngineInfo[]> {
  return Promise.all(engines.map((engine) => engineInfo(engine, python)));
}
