import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The Rosetta application each module runs, by its program name in Rosetta's `bin` folder. */
export type RosettaApp = 'minimize' | 'fixbb';

/** Build suffixes in the order they are preferred: Rosetta's default release build first. */
const PREFERRED = ['.default.linuxgccrelease', '.linuxgccrelease', '.default.linuxclangrelease', '.linuxclangrelease', '.static.linuxgccrelease', '.static.linuxclangrelease'];

/**
 * The program of `app` in the operator's Rosetta `bin` folder (ROSETTA_BIN): `minimize.default.linuxgccrelease`
 * and its kin (`<app>.<build>.<os><compiler>release`, release builds only), preferring the default gcc build;
 * a bare `<app>` (a wrapper the operator made) last. Null when there is none.
 */
export function rosettaProgram(binDir: string, app: RosettaApp): string | null {
  let names: string[];
  try {
    names = readdirSync(binDir);
  } catch {
    return null;
  }
  const builds = names.filter((name) => name.startsWith(`${app}.`) && /release$/.test(name)).sort();
  const rank = (name: string) => {
    const i = PREFERRED.findIndex((suffix) => name === `${app}${suffix}`);
    return i < 0 ? PREFERRED.length : i;
  };
  const chosen = [...builds].sort((a, b) => rank(a) - rank(b))[0] ?? (names.includes(app) ? app : undefined);
  if (!chosen) return null;
  const file = path.join(binDir, chosen);
  return statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
}

/**
 * Rosetta's database for a `bin` folder: ROSETTA3_DB where the worker's environment sets it, else the
 * source tree's `main/database` beside `main/source/bin`; null when neither exists (Rosetta then looks itself).
 */
export function rosettaDatabase(binDir: string): string | null {
  const candidates = [process.env.ROSETTA3_DB, path.resolve(binDir, '../../database')].filter((dir): dir is string => Boolean(dir));
  return candidates.find((dir) => existsSync(dir)) ?? null;
}
