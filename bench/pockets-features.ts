/**
 * Training data for the pocket re-scorer (python/yunyao/pocket/train.py runs this):
 * every candidate pocket with its feature vector and which relevant ligands its centre hits
 * (DCA ≤ 4 Å), as JSON on stdout. Structures come from the COACH420 subset (the benchmark, split
 * into halves by index) and from the extra complexes of bench/pockets-extra-data.ts (training only),
 * all read through YUNYAO_DATASETS.
 *
 *   npx tsx bench/pockets-features.ts > pockets-features.json
 */
import { describePockets, FEATURE_NAMES, parsePdb } from '../packages/pockets/src/index.ts';
import { dcaHit, loadCoach420Subset, type BenchStructure } from './pockets-data.ts';
import { loadAstexComplexes, loadFabp4Complex } from './pockets-extra-data.ts';

function candidates(s: BenchStructure) {
  const { pockets, features } = describePockets(parsePdb(s.pdbText).protein);
  return pockets.map((p, i) => ({
    features: features[i]!,
    geometricScore: p.geometricScore,
    hits: s.ligands.flatMap((lig, k) => (dcaHit(p.center, lig.xyz) ? [k] : [])),
  }));
}

const coach420 = loadCoach420Subset().map((s, index) => ({
  id: s.id,
  source: 'coach420',
  // The benchmark's fixed split: even indices form the development half, odd the held-out half.
  index,
  ligands: s.ligands.length,
  pockets: candidates(s),
}));
const extra = [...loadAstexComplexes(), loadFabp4Complex()].map((s) => ({ id: s.id, source: s.id.split('-')[0], index: -1, ligands: s.ligands.length, pockets: candidates(s) }));
process.stdout.write(JSON.stringify({ featureNames: FEATURE_NAMES, structures: [...coach420, ...extra] }));
