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

/** Peptide structure prediction: simulated annealing in implicit solvent on OpenMM, clustered with mdtraj. */
export const pepsearchEngines = defineModuleEngines({
  code: 'pepsearch',
  engines: [openmm, mdtraj],
  packages: [{ note: 'PDBFixer builds the starting chain', packages: ['python3-pdbfixer'] }],
  citations: [FF14SB],
  modelCard: 'docs/models/peptides.md',
});
