import { debianPackageVersion, defineEngine, defineModuleEngines } from '../engine-types.ts';
import { FF14SB, openmm } from '../shared/engines.ts';

const mdtraj = defineEngine({
  id: 'mdtraj',
  name: 'MDTraj',
  probe: debianPackageVersion('python3-mdtraj'),
  // mdtraj assigns DSSP itself, so the dssp package is not needed.
  debian: { note: 'superposition, clustering, DSSP, SASA and the trajectories of the predicted models', packages: ['python3-mdtraj'] },
  citations: [
    {
      text: 'McGibbon RT, Beauchamp KA, Harrigan MP, et al. MDTraj: A Modern Open Library for the Analysis of Molecular Dynamics Trajectories. Biophys J 109(8), 1528–1532 (2015).',
      doi: '10.1016/j.bpj.2015.08.015',
    },
  ],
});

/**
 * Peptide structure prediction: fragment assembly (the engine's own Monte Carlo on a committed
 * fragment library), clustered with mdtraj, the models refined in implicit solvent on OpenMM.
 */
export const pepsearchEngines = defineModuleEngines({
  code: 'pepsearch',
  engines: [openmm, mdtraj],
  packages: [{ note: 'PDBFixer builds the refined models’ side chains and hydrogens', packages: ['python3-pdbfixer'] }],
  citations: [
    {
      text: 'Simons KT, Kooperberg C, Huang E, Baker D. Assembly of protein tertiary structures from fragments with similar local sequences using simulated annealing and Bayesian scoring functions. J Mol Biol 268(1), 209–225 (1997).',
      doi: '10.1006/jmbi.1997.0959',
    },
    FF14SB,
  ],
  modelCard: 'docs/models/peptides.md',
});
