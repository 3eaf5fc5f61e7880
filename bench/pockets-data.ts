/**
 * COACH420 subset loader for the pocket benchmark (bench/pockets.ts): structures and
 * their relevant ligands, read in place from the `pockets` dataset (YUNYAO_DATASETS, see
 * bench/support/datasets.ts).
 *
 * Relevant ligands follow the single-column `coach420_subset.ds` (P2Rank default rules);
 * the per-cluster decisions come from `coach420_subset_hetero_groups.tsv`
 * (`relevant_approx`). Ligand atoms are re-derived by clustering the file's hetero
 * heavy atoms (bench/pockets-ligands.ts) and matching each cluster to a TSV row by its centre.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePdb, type HeteroAtom } from '../packages/pockets/src/pdb.ts';
import { centreOf, clusterXyz, heteroClusters } from './pockets-ligands.ts';
import { datasetPath } from './support/datasets.ts';

export interface BenchStructure {
  id: string;
  pdbText: string;
  atoms: number;
  /** Relevant ligands: heavy-atom coordinates, x,y,z interleaved. */
  ligands: { name: string; xyz: number[] }[];
}

export function loadCoach420Subset(): BenchStructure[] {
  const dataDir = datasetPath('pockets');
  const ds = readFileSync(join(dataDir, 'coach420_subset.ds'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const tsv = readFileSync(join(dataDir, 'coach420_subset_hetero_groups.tsv'), 'utf8').trim().split('\n');
  const header = tsv[0]!.split('\t');
  const col = (name: string): number => header.indexOf(name);
  const rows = tsv.slice(1).map((l) => l.split('\t'));
  const out: BenchStructure[] = [];
  for (const rel of ds) {
    const id = rel.replace(/^.*\//, '').replace(/\.pdb$/, '');
    const pdbText = readFileSync(join(dataDir, rel), 'utf8');
    const { protein, hetero } = parsePdb(pdbText);
    const groups = heteroClusters(hetero);
    const ligands: BenchStructure['ligands'] = [];
    for (const row of rows) {
      if (row[0] !== id || row[col('relevant_approx')] !== 'true') continue;
      const c = [Number(row[col('center_x')]), Number(row[col('center_y')]), Number(row[col('center_z')])];
      let best: HeteroAtom[] | undefined;
      let bestD = Infinity;
      for (const g of groups) {
        const d = Math.hypot(...centreOf(clusterXyz(g)).map((v, k) => v - c[k]!));
        if (d < bestD) {
          bestD = d;
          best = g;
        }
      }
      if (!best || bestD > 0.05) throw new Error(`${id}: no hetero cluster matches TSV row ${row.join(' ')}`);
      ligands.push({ name: row[col('ligand_resnames')]!, xyz: clusterXyz(best) });
    }
    out.push({ id, pdbText, atoms: protein.n, ligands });
  }
  return out;
}

/** DCA: pocket centre within `cutoff` Å of any heavy atom of the ligand. */
export function dcaHit(center: [number, number, number], xyz: number[], cutoff = 4): boolean {
  for (let i = 0; i < xyz.length; i += 3) {
    if ((center[0] - xyz[i]!) ** 2 + (center[1] - xyz[i + 1]!) ** 2 + (center[2] - xyz[i + 2]!) ** 2 <= cutoff * cutoff) return true;
  }
  return false;
}
