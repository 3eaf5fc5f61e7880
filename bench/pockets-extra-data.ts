/**
 * Extra training chains for the pocket re-scorer, from datasets other than COACH420, so the
 * COACH420 half that measures the re-scorer stays unseen: the Astex complexes of the `redock`
 * dataset (protein.pdb + its crystal ligand.sdf) and DUD-E's fabp4 receptor with its crystal
 * ligand (`dude-vs`). Both are read through YUNYAO_DATASETS.
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

/**
 * Astex complexes left out because their protein is also in the COACH420 subset (a chain sharing
 * ≥ 99 % of its 4-residue words with a COACH420 chain): training on them would leak the held-out
 * half. 1k3u is tryptophan synthase α, as are COACH420's 1k7eA (odd half) and 1k7fA.
 */
const SAME_PROTEIN_AS_COACH420 = new Set(['1k3u']);

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
    .filter((e) => e.isDirectory() && !SAME_PROTEIN_AS_COACH420.has(e.name))
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
