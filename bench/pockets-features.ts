/**
 * Training data for the pocket re-scorer (python/yunyao/pockets_rescore/train.py runs this):
 * every candidate pocket of the COACH420 subset (read through YUNYAO_DATASETS) with its feature
 * vector and which relevant ligands its centre hits (DCA ≤ 4 Å), as JSON on stdout.
 *
 *   npx tsx bench/pockets-features.ts > pockets-features.json
 */
import { describePockets, FEATURE_NAMES, parsePdb } from '../packages/pockets/src/index.ts';
import { dcaHit, loadCoach420Subset } from './pockets-data.ts';

const structures = loadCoach420Subset().map((s, index) => {
  const { pockets, features } = describePockets(parsePdb(s.pdbText).protein);
  return {
    id: s.id,
    // The benchmark's fixed split: even indices form the development half, odd the held-out half.
    index,
    ligands: s.ligands.length,
    pockets: pockets.map((p, i) => ({
      features: features[i]!,
      geometricScore: p.geometricScore,
      hits: s.ligands.flatMap((lig, k) => (dcaHit(p.center, lig.xyz) ? [k] : [])),
    })),
  };
});
process.stdout.write(JSON.stringify({ featureNames: FEATURE_NAMES, structures }));
