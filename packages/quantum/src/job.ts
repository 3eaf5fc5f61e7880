/**
 * One quantum-chemistry job, independent of the engine that runs it. The modules' request
 * parsers (in packages/modules) turn their forms into this; each engine's renderer turns it
 * into that engine's input.
 */

export type QmTask = 'SP' | 'Opt' | 'Freq' | 'OptFreq';

/** Methods of the ORCA form (spec constants) plus the keyword mode's semi-empirical / tight-binding choices. */
export const QM_METHODS = ['HF', 'B3LYP', 'PBE0', 'CAM-B3LYP', 'wB97X-D', 'M06-2X', 'TPSS', 'TPSSh', 'MP2', 'CCSD(T)'] as const;
export const SEMIEMPIRICAL_METHODS = ['PM3', 'PM6', 'PM7', 'GFN2-xTB'] as const;
export type QmMethod = (typeof QM_METHODS)[number] | (typeof SEMIEMPIRICAL_METHODS)[number];

export const QM_APPROXIMATIONS = ['none', 'RIJCOSX', 'RI-JK', 'RI-MP2', 'RI-CC'] as const;
export type QmApproximation = (typeof QM_APPROXIMATIONS)[number];

/** The spec's solvents (CPCM in ORCA, COSMO in NWChem, ALPB in xtb, COSMO in MOPAC). */
export const QM_SOLVENTS = ['Water', 'Ethanol', 'Acetonitrile', 'DiethylEther'] as const;
export type QmSolvent = (typeof QM_SOLVENTS)[number];

export const NMR_METHODS = ['GIAO', 'CSGT', 'IGLO-II'] as const;
export type NmrMethod = (typeof NMR_METHODS)[number];

export type Engine = 'orca' | 'nwchem' | 'xtb' | 'mopac';

export interface Atom {
  /** Element symbol, capitalised (`C`, `Cl`). */
  element: string;
  x: number;
  y: number;
  z: number;
}

export interface Geometry {
  /** Molecule name (file name without .xyz, or `mol_<n>` for pasted blocks). */
  name: string;
  /** Comment line of the XYZ file. */
  comment: string;
  atoms: Atom[];
}

export interface QmProperties {
  /** NMR shielding method, when NMR was asked for. */
  nmr?: NmrMethod;
  /** Number of TDDFT/CIS excited states (UV-Vis), when asked for. */
  uvvis?: { nroots: number };
  /** IR spectrum range in cm⁻¹ (frequencies are computed for the whole molecule either way). */
  ir?: { min: number; max: number };
  mulliken: boolean;
  dipole: boolean;
  homo: boolean;
  lumo: boolean;
}

export interface QmJob {
  task: QmTask;
  method: QmMethod;
  /** Basis set name as the user wrote it (`def2-SVP`, `6-31G*`); absent for semi-empirical / xTB methods. */
  basis?: string;
  approximation: QmApproximation;
  solvent?: QmSolvent;
  charge: number;
  multiplicity: number;
  properties: QmProperties;
  cores: number;
  /** Memory per core in MB (ORCA's %maxcore). */
  memoryPerCoreMb: number;
}

/** What a renderer produces for one molecule: the files to write and the command to run in that directory. */
export interface RenderedInput {
  engine: Engine;
  /** File name → content; the main input first (this is what the preview modal and the result show). */
  files: Record<string, string>;
  /** Main input's file name. */
  input: string;
  /** argv, with the engine's executable first as configured (`orca` needs its absolute path). */
  argv: string[];
  env?: Record<string, string>;
  /** The engine's output file the parser reads (stdout is redirected there when the engine writes to stdout). */
  output: string;
  /** True when the engine writes `output` itself (MOPAC); the runner then keeps stdout/stderr in a separate log. */
  engineWritesOutput?: boolean;
}

/** Where a renderer may look for engine executables and scratch settings (from the worker's configuration). */
export interface EngineSettings {
  /** Absolute path of a licensed ORCA installation's `orca` binary; ORCA jobs fail with a clear message without it. */
  orcaPath?: string;
  /** Absolute path of a DFTB+ `dftb+` binary; without it the keyword mode's DFTB runs as GFN2-xTB (and says so). */
  dftbPath?: string;
}

/**
 * One engine: whether it can run a job faithfully, how to write its input, how to read its output.
 * `unsupported` returns a readable reason (Chinese and English) instead of silently changing the science.
 */
export interface EngineAdapter {
  engine: Engine;
  unsupported(job: QmJob): { zh: string; en: string } | null;
  render(job: QmJob, geometry: Geometry, settings: EngineSettings): RenderedInput;
  /** Reads the engine's main output (plus side files it wrote, by name) into the common result. */
  parse(output: string, sideFiles?: Record<string, string>): import('./result.ts').ParsedOutput;
}
