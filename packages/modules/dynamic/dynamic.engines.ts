import { defineModuleEngines } from '../engine-types.ts';
import { FF14SB, mopac, openbabel, openmm, rdkit } from '../shared/engines.ts';

/** Binding free energy: MD on OpenMM, then single-trajectory MM/GBSA; GAFF ligands with MOPAC charges. */
export const dynamicEngines = defineModuleEngines({
  code: 'dynamic',
  engines: [openmm, openbabel, rdkit, mopac],
  packages: [
    {
      note: "MM/GBSA: ParmEd reads Open Babel's gaff.dat for the ligands, mdtraj measures the SASA, PDBFixer repairs the receptor",
      packages: ['python3-parmed', 'python3-mdtraj', 'python3-pdbfixer'],
    },
  ],
  citations: [
    FF14SB,
    { text: 'Wang J, Wolf RM, Caldwell JW, Kollman PA, Case DA. Development and testing of a general amber force field. J Comput Chem 25(9), 1157–1174 (2004).', doi: '10.1002/jcc.20035' },
    { text: 'Nguyen H, Roe DR, Simmerling C. Improved Generalized Born Solvent Model Parameters for Protein Simulations. J Chem Theory Comput 9(4), 2020–2034 (2013).', doi: '10.1021/ct3010485' },
  ],
  modelCard: 'docs/models/free-energy.md',
});
