import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface EngineInfo {
  id: string;
  name: string;
  found: boolean;
  version: string | null;
  path: string | null;
}

interface EngineProbe {
  name: string;
  /** argv whose output contains the version; `{python}` is replaced by the configured interpreter. */
  argv: string[];
  pattern: RegExp;
}

/** Every engine a module may name in `engines`; the health check and task provenance read it. */
const PROBES: Record<string, EngineProbe> = {
  openbabel: { name: 'Open Babel', argv: ['obabel', '-V'], pattern: /Open Babel ([\d.]+)/ },
  rdkit: { name: 'RDKit', argv: ['{python}', '-c', 'import rdkit; print(rdkit.__version__)'], pattern: /([\d.]+)/ },
  xgboost: { name: 'XGBoost', argv: ['{python}', '-c', 'import xgboost; print(xgboost.__version__)'], pattern: /([\d.]+)/ },
  sklearn: { name: 'scikit-learn', argv: ['{python}', '-c', 'import sklearn; print(sklearn.__version__)'], pattern: /([\d.]+)/ },
  python: { name: 'Python', argv: ['{python}', '--version'], pattern: /Python ([\d.]+)/ },
  // TypeScript science (pocket detection) runs on the worker's own Node.
  node: { name: 'Node.js', argv: [process.execPath, '--version'], pattern: /v([\d.]+)/ },
  vina: { name: 'AutoDock Vina', argv: ['vina', '--version'], pattern: /v?([\d.]+)/ },
  // plipcmd has no version flag; Debian's package version is PLIP's.
  plip: { name: 'PLIP', argv: ['dpkg-query', '-W', '-f=${Version}', 'plip'], pattern: /([\d.]+)/ },
  xtb: { name: 'xtb', argv: ['xtb', '--version'], pattern: /version ([\d.]+)/ },
  mopac: { name: 'MOPAC', argv: ['mopac', '--version'], pattern: /([\d]+\.[\d.]+)/ },
  nwchem: { name: 'NWChem', argv: ['dpkg-query', '-W', '-f=${Version}', 'nwchem'], pattern: /([\d.]+)/ },
  openmm: { name: 'OpenMM', argv: ['{python}', '-c', 'import openmm; print(openmm.version.full_version)'], pattern: /([\d.]+)/ },
  mdtraj: { name: 'MDTraj', argv: ['dpkg-query', '-W', '-f=${Version}', 'python3-mdtraj'], pattern: /([\d.]+)/ },
  gnu_time: { name: 'GNU time', argv: ['dpkg-query', '-W', '-f=${Version}', 'time'], pattern: /([\d.]+)/ },
};

export const KNOWN_ENGINES = Object.keys(PROBES);

const cache = new Map<string, Promise<EngineInfo>>();

async function probe(id: string, python: string): Promise<EngineInfo> {
  const p = PROBES[id];
  if (!p) return { id, name: id, found: false, version: null, path: null };
  const [cmd, ...args] = p.argv.map((a) => (a === '{python}' ? python : a)) as [string, ...string[]];
  try {
    const { stdout, stderr } = await run(cmd, args, { timeout: 20_000 });
    const version = p.pattern.exec(`${stdout}\n${stderr}`)?.[1] ?? null;
    const path = cmd.startsWith('/') ? cmd : ((await run('which', [cmd]).catch(() => ({ stdout: '' }))).stdout.trim() || null);
    return { id, name: p.name, found: true, version, path };
  } catch {
    return { id, name: p.name, found: false, version: null, path: null };
  }
}

/** Versions are probed once per process: engines come from Debian packages and do not change while it runs. */
export function engineInfo(id: string, python = '/usr/bin/python3'): Promise<EngineInfo> {
  const key = `${id}|${python}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = probe(id, python);
    cache.set(key, hit);
  }
  return hit;
}

export function engineInfos(ids: readonly string[], python?: string): Promise<EngineInfo[]> {
  return Promise.all(ids.map((id) => engineInfo(id, python)));
}
