/**
 * Holo structures for the pocket re-scorer from datasets other than COACH420: the Astex complexes
 * of the `redock` dataset (protein.pdb + its crystal ligand.sdf), DUD-E's fabp4 receptor with its
 * crystal ligand (`dude-vs`), the p38α receptor of `fep-benchmark` with a ligand of its series, and
 * the five whole-protein complexes of `pdbbind-features/ecif_examples`. All are read through
 * YUNYAO_DATASETS. Training folds are dealt by protein family over these and COACH420 together
 * (python/yunyao/pocket/families.py), so a protein shared with COACH420 (Astex 1k3u is tryptophan
 * synthase α, as are COACH420's 1k7eA and 1k7fA) always lands in the same fold as its copy.
 *
 * Relevant ligands are labelled as for COACH420: the complex's own ligand plus every hetero group
 * the file keeps (cofactors) that passes P2Rank's rules (bench/pockets-ligands.ts).
 *
 * Only the chains that touch the crystal ligand are kept: the PoseBusters preparation removed every
 * copy of the ligand, so the untouched chains of a homo-oligomer hold empty copies of the real site
 * that would be taught as non-sites. COACH420 is single chains for the same reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parsePdb } from '../packages/pockets/src/pdb.ts';
import type { BenchStructure } from './pockets-data.ts';
import { clusterXyz, heteroClusters, isRelevantLigand, ligandHeavyAtoms } from './pockets-ligands.ts';
import { datasetPath } from './support/datasets.ts';

/** A chain is kept when one of its protein heavy atoms lies this close to a ligand heavy atom (Å). */
const CONTACT = 4;

function chainsTouching(pdbText: string, ligand: readonly number[]): Set<string> {
  const { protein } = parsePdb(pdbText);
  const chains = new Set<string>();
  for (let i = 0; i < protein.n; i++) {
    for (let j = 0; j < ligand.length; j += 3) {
      const d2 = (protein.coords[3 * i]! - ligand[j]!) ** 2 + (protein.coords[3 * i + 1]! - ligand[j + 1]!) ** 2 + (protein.coords[3 * i + 2]! - ligand[j + 2]!) ** 2;
      if (d2 <= CONTACT ** 2) {
        chains.add(protein.residues[protein.residueIndex[i]!]!.chain);
        break;
      }
    }
  }
  return chains;
}

/** The complex restricted to the chains touching its ligand, with its relevant ligands. */
function complexStructure(id: string, fullPdbText: string, ligandName: string, ligand: number[]): BenchStructure {
  const chains = chainsTouching(fullPdbText, ligand);
  const pdbText = fullPdbText
    .split('\n')
    .filter((line) => !/^(ATOM  |HETATM|ANISOU|TER)/.test(line) || chains.has(line.charAt(21).trim()))
    .join('\n');
  const { protein, hetero } = parsePdb(pdbText);
  const cofactors = heteroClusters(hetero).filter((c) => isRelevantLigand(protein, c));
  return {
    id,
    pdbText,
    atoms: protein.n,
    ligands: [{ name: ligandName, xyz: ligand }, ...cofactors.map((c) => ({ name: [...new Set(c.map((a) => a.resname))].join('+'), xyz: clusterXyz(c) }))],
  };
}

/** The Astex complexes of the redock dataset (one folder per PDB entry). */
export function loadAstexComplexes(): BenchStructure[] {
  const dir = datasetPath('redock');
  const ccd = new Map(
    readFileSync(join(dir, 'index.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .map((cols) => [cols[0]!, cols[3]!]),
  );
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) =>
      complexStructure(
        `astex-${name}`,
        readFileSync(join(dir, name, 'protein.pdb'), 'utf8'),
        ccd.get(name) ?? name,
        ligandHeavyAtoms(readFileSync(join(dir, name, 'ligand.sdf'), 'utf8'), 'sdf'),
      ),
    );
}

/** DUD-E's fabp4 receptor with its crystal ligand (the only dude-vs target with a receptor). */
export function loadFabp4Complex(): BenchStructure {
  const dir = join(datasetPath('dude-vs'), 'fabp4');
  const receptor = gunzipSync(readFileSync(join(dir, 'receptor.pdb.gz'))).toString('utf8');
  return complexStructure('dude-fabp4', receptor, 'crystal_ligand', ligandHeavyAtoms(readFileSync(join(dir, 'crystal_ligand.mol2'), 'utf8'), 'mol2'));
}

/**
 * The p38α MAP kinase receptor of the FEP benchmark (prepared from 3FLY) with the first ligand of
 * its series: all 29 are posed in the same ATP site, so one of them marks it.
 */
export function loadP38Complex(): BenchStructure {
  const dir = join(datasetPath('fep-benchmark'), 'p38');
  const receptor = gunzipSync(readFileSync(join(dir, 'protein.pdb.gz'))).toString('utf8');
  return complexStructure('fep-p38', receptor, 'series ligand 1', ligandHeavyAtoms(readFileSync(join(dir, 'ligands.sdf'), 'utf8'), 'sdf'));
}

/** The whole-protein complexes of pdbbind-features (the other PDBbind folders hold pocket cut-outs only). */
export function loadEcifExamples(): BenchStructure[] {
  const dir = join(datasetPath('pdbbind-features'), 'ecif_examples');
  const read = (file: string): string => gunzipSync(readFileSync(join(dir, file))).toString('utf8');
  return readdirSync(dir)
    .filter((f) => f.endsWith('_protein.pdb.gz'))
    .sort()
    .map((f) => f.slice(0, 4))
    .map((id) => complexStructure(`pdbbind-${id}`, read(`${id}_protein.pdb.gz`), id, ligandHeavyAtoms(read(`${id}_ligandCD1.sdf.gz`), 'sdf')));
}
