import { debianPackageVersion, defineEngine, type Citation, type DebianPackages } from '../engine-types.ts';

/*
 * Engines that several modules run, declared once: a module's `<code>.engines.ts` lists these beside
 * its own. `@yunyao/engines` refuses two declarations of one id, so a second module reuses this one.
 */

const PYTHON_VERSION = /([\d.]+)/;

export const openbabel = defineEngine({
  id: 'openbabel',
  name: 'Open Babel',
  probe: { argv: ['obabel', '-V'], pattern: /Open Babel ([\d.]+)/ },
  debian: { note: 'the obabel command and its Python bindings', packages: ['openbabel', 'python3-openbabel'] },
  citations: [
    {
      text: "O'Boyle NM, Banck M, James CA, Morley C, Vandermeersch T, Hutchison GR. Open Babel: An open chemical toolbox. J Cheminform 3, 33 (2011).",
      doi: '10.1186/1758-2946-3-33',
    },
  ],
});

export const rdkit = defineEngine({
  id: 'rdkit',
  name: 'RDKit',
  probe: { argv: ['{python}', '-c', 'import rdkit; print(rdkit.__version__)'], pattern: PYTHON_VERSION },
  debian: { note: "RDKit's Python package; rdkit-data holds its data files (the pocket tests read structures from it; generation scores with its Contrib SA_Score)", packages: ['python3-rdkit', 'rdkit-data'] },
  citations: [{ text: 'RDKit: Open-source cheminformatics software.', url: 'https://www.rdkit.org' }],
});

export const xgboost = defineEngine({
  id: 'xgboost',
  name: 'XGBoost',
  probe: debianPackageVersion('python3-xgboost'),
  debian: { note: 'gradient-boosted trees of the trained models (ADMET, 3D affinity)', packages: ['python3-xgboost'] },
  citations: [
    {
      text: 'Chen T, Guestrin C. XGBoost: A Scalable Tree Boosting System. Proceedings of the 22nd ACM SIGKDD International Conference on Knowledge Discovery and Data Mining, 785–794 (2016).',
      doi: '10.1145/2939672.2939785',
    },
  ],
});

export const sklearn = defineEngine({
  id: 'sklearn',
  name: 'scikit-learn',
  probe: debianPackageVersion('python3-sklearn'),
  debian: { note: "the QSAR algorithms and the ADMET training's split, metrics and calibrators", packages: ['python3-sklearn'] },
  citations: [
    { text: 'Pedregosa F, Varoquaux G, Gramfort A, et al. Scikit-learn: Machine Learning in Python. J Mach Learn Res 12, 2825–2830 (2011).', url: 'https://jmlr.org/papers/v12/pedregosa11a.html' },
  ],
});

export const vina = defineEngine({
  id: 'vina',
  name: 'AutoDock Vina',
  probe: { argv: ['vina', '--version'], pattern: /v?([\d.]+)/ },
  debian: { note: 'the vina command', packages: ['autodock-vina'] },
  citations: [
    {
      text: 'Eberhardt J, Santos-Martins D, Tillack AF, Forli S. AutoDock Vina 1.2.0: New Docking Methods, Expanded Force Field, and Python Bindings. J Chem Inf Model 61(8), 3891–3898 (2021).',
      doi: '10.1021/acs.jcim.1c00203',
    },
    {
      text: 'Trott O, Olson AJ. AutoDock Vina: improving the speed and accuracy of docking with a new scoring function, efficient optimization, and multithreading. J Comput Chem 31(2), 455–461 (2010).',
      doi: '10.1002/jcc.21334',
    },
  ],
});

export const plip = defineEngine({
  id: 'plip',
  name: 'PLIP',
  // plipcmd has no version flag.
  probe: debianPackageVersion('plip'),
  debian: { note: "plipcmd, the poses' protein–ligand interactions", packages: ['plip'] },
  citations: [
    {
      text: 'Adasme MF, Linnemann KL, Bolz SN, Kaiser F, Salentin S, Haupt VJ, Schroeder M. PLIP 2021: expanding the scope of the protein–ligand interaction profiler to DNA and RNA. Nucleic Acids Res 49(W1), W530–W534 (2021).',
      doi: '10.1093/nar/gkab294',
    },
  ],
});

/** TypeScript science (pocket detection, the quantum driver) runs on the worker's own Node, which scripts/ensure-node.sh brings. */
export const node = defineEngine({
  id: 'node',
  name: 'Node.js',
  probe: { argv: ['{node}', '--version'], pattern: /v([\d.]+)/ },
  citations: [],
});

export const nwchem = defineEngine({
  id: 'nwchem',
  name: 'NWChem',
  probe: debianPackageVersion('nwchem'),
  debian: { note: "NWChem, run in parallel by Open MPI's mpirun", packages: ['nwchem', 'openmpi-bin'] },
  citations: [
    {
      text: 'Aprà E, Bylaska EJ, de Jong WA, et al. NWChem: Past, present, and future. J Chem Phys 152(18), 184102 (2020).',
      doi: '10.1063/5.0004997',
    },
  ],
});

export const xtb = defineEngine({
  id: 'xtb',
  name: 'xtb',
  probe: { argv: ['xtb', '--version'], pattern: /version ([\d.]+)/ },
  debian: { note: 'GFN2-xTB', packages: ['xtb'] },
  citations: [
    {
      text: 'Bannwarth C, Ehlert S, Grimme S. GFN2-xTB — An Accurate and Broadly Parametrized Self-Consistent Tight-Binding Quantum Chemical Method with Multipole Electrostatics and Density-Dependent Dispersion Contributions. J Chem Theory Comput 15(3), 1652–1671 (2019).',
      doi: '10.1021/acs.jctc.8b01176',
    },
  ],
});

export const mopac = defineEngine({
  id: 'mopac',
  name: 'MOPAC',
  probe: { argv: ['mopac', '--version'], pattern: /([\d]+\.[\d.]+)/ },
  debian: { note: 'semi-empirical quantum chemistry (geometries, energies, ligand charges)', packages: ['mopac'] },
  citations: [{ text: 'Stewart JJP. MOPAC: A semiempirical molecular orbital program. J Comput Aided Mol Des 4(1), 1–103 (1990).', doi: '10.1007/BF00128336' }],
});

export const openmm = defineEngine({
  id: 'openmm',
  name: 'OpenMM',
  probe: { argv: ['{python}', '-c', 'import openmm; print(openmm.version.full_version)'], pattern: PYTHON_VERSION },
  debian: { note: 'OpenMM (Debian 12 packages it as python3-simtk); its CPU platform is in the plugins', packages: ['python3-simtk', 'libopenmm-plugins'] },
  citations: [
    {
      text: 'Eastman P, Swails J, Chodera JD, et al. OpenMM 7: Rapid development of high performance algorithms for molecular dynamics. PLoS Comput Biol 13(7), e1005659 (2017).',
      doi: '10.1371/journal.pcbi.1005659',
    },
  ],
});

/** Amber ff14SB, the protein force field of the free-energy and peptide simulations. */
export const FF14SB: Citation = {
  text: 'Maier JA, Martinez C, Kasavajhala K, Wickstrom L, Hauser KE, Simmerling C. ff14SB: Improving the Accuracy of Protein Side Chain and Backbone Parameters from ff99SB. J Chem Theory Comput 11(8), 3696–3713 (2015).',
  doi: '10.1021/acs.jctc.5b00255',
};

/** The receptor preparation step (shared/protein-prep-step.ts, python/yunyao/protein_prep.py) of docking and 3D affinity. */
export const PROTEIN_PREP_PACKAGES: DebianPackages = {
  note: 'receptor preparation: PDBFixer (on OpenMM) rebuilds missing atoms, pdb2pqr with PROPKA protonates at the chosen pH',
  packages: ['python3-pdbfixer', 'libopenmm-plugins', 'pdb2pqr'],
  citations: [
    {
      text: 'Jurrus E, Engel D, Star K, et al. Improvements to the APBS biomolecular solvation software suite. Protein Sci 27(1), 112–128 (2018).',
      doi: '10.1002/pro.3280',
    },
    {
      text: 'Olsson MHM, Søndergaard CR, Rostkowski M, Jensen JH. PROPKA3: Consistent Treatment of Internal and Surface Residues in Empirical pKa Predictions. J Chem Theory Comput 7(2), 525–537 (2011).',
      doi: '10.1021/ct100578z',
    },
  ],
};
