/**
 * Ranking of the detected pockets: by the learned re-scorer's probability that the pocket is a
 * ligand site (rescore.ts), or by the geometric score when no model is given. Every consumer
 * (server step, docking sites, browser worker) gets this order through detectPockets.
 */
import { DEFAULT_OPTIONS, describePockets, type Pocket, type PocketOptions } from './detect.ts';
import { FEATURE_NAMES } from './features.ts';
import { parsePdb, PdbInputError, type ProteinAtoms } from './pdb.ts';
import { predictLigandSite } from './rescore.ts';

/** Detects the pockets of a protein, ranked best first by the re-scorer (or the geometric score without one). */
export function detectPocketsInProtein(p: ProteinAtoms, options: Partial<PocketOptions> = {}): Pocket[] {
  const o: PocketOptions = { ...DEFAULT_OPTIONS, ...options };
  const { pockets, features } = describePockets(p, o);
  const { rescorer } = o;
  if (rescorer && rescorer.features.join() !== FEATURE_NAMES.join()) {
    throw new Error('口袋排序模型的特征与检测器不一致：请用 python/yunyao/pocket/train.py 重新训练模型');
  }
  const ranked = pockets.map((pocket, i) => ({ pocket, score: rescorer ? predictLigandSite(rescorer, features[i]!) : pocket.geometricScore }));
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      b.pocket.geometricScore - a.pocket.geometricScore ||
      b.pocket['Alpha Spheres'] - a.pocket['Alpha Spheres'] ||
      a.pocket.center[0] - b.pocket.center[0],
  );
  const kept = o.maxPockets > 0 ? ranked.slice(0, o.maxPockets) : ranked;
  return kept.map(({ pocket: { geometricScore: _geometric, ...pocket }, score }, i) => ({ id: i + 1, name: `pocket${i + 1}`, Score: Math.round(score * 1000) / 1000, ...pocket }));
}

/** Parses PDB text and detects pockets in its protein atoms. Throws (Chinese message) on malformed input or no protein. */
export function detectPockets(pdbText: string, options: Partial<PocketOptions> = {}): Pocket[] {
  const { protein } = parsePdb(pdbText);
  if (protein.n === 0) throw new PdbInputError('未找到蛋白质原子：文件中没有标准氨基酸残基的 ATOM 记录，无法检测口袋');
  return detectPocketsInProtein(protein, options);
}
