/**
 * Training data for the pocket re-scorer (python/yunyao/pocket/train.py runs this):
 * every candidate pocket with its feature vector and which relevant ligands its centre hits
 * (DCA ≤ 4 Å), as JSON on stdout. Structures come from the COACH420 subset (the benchmark, split
 * into halves by index) and from the other holo structures of bench/pockets-extra-data.ts, with each
 * chain's residue names for the family grouping,
 * all read through YUNYAO_DATASETS.
 *
 *   npx tsx bench/pockets-features.ts > pockets-features.json
 */
import { describePockets, FEATURE_NAMES, parsePdb, type ProteinAtoms } from '../packages/pockets/src/index.ts';
import { dcaHit, loadCoach420Subset, type BenchStructure } from './pockets-data.ts';
import { loadAstexComplexes, loadEcifExamples, loadFabp4Complex, loadP38Complex } from './pockets-extra-data.ts';

/** Residue names per chain, in file order: train.py clusters chains into families by sequence identity. */
function chainResidues(protein: ProteinAtoms): Record<string, string[]> {
  const chains: Record<string, string[]> = {};
  for (const r of protein.residues) (chains[r.chain] ??= []).push(r.resname);
  return chains;
}

function candidates(protein: ProteinAtoms, s: BenchStructure) {
  const { pockets, features } = describePockets(protein);
  return pockets.map((p, i) => ({
    features: features[i]!,
    geometricScore: p.geometricScore,
    hits: s.ligands.flatMap((lig, k) => (dcaHit(p.center, lig.xyz) ? [k] : [])),
  }));
}

function row(s: BenchStructure, source: string, index: number) {
  const { protein } = parsePdb(s.pdbText);
  return { id: s.id, source, index, ligands: s.ligands.length, chains: chainResidues(protein), pockets: candidates(protein, s) };
}

// COACH420 keeps its index in the .ds file: even indices form the benchmark's development half, odd the held-out half.
const coach420 = loadCoach420Subset().map((s, index) => row(s, 'coach420', index));
const extra = [...loadAstexComplexes(), loadFabp4Complex(), loadP38Complex(), ...loadEcifExamples()].map((s) => row(s, s.id.split('-')[0]!, -1));
process.stdout.write(JSON.stringify({ featureNames: FEATURE_NAMES, structures: [...coach420, ...extra] }));
