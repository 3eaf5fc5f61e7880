import { z } from 'zod';

/**
 * One molecule's parsed result, the same shape for every engine (GET /api/tasks/json/{id}
 * returns `{ molecules: QmMoleculeResult[] }`). Energies in Eh (hartree), orbital energies
 * in eV, frequencies in cm⁻¹, IR intensities in km/mol, excitations in eV and nm,
 * shieldings in ppm, dipole in debye, coordinates in Å.
 */

const xyzAtom = z.object({ element: z.string(), x: z.number(), y: z.number(), z: z.number() });

/** Quantities a platform may compute from the engine's printed ones (listed in `derived`). */
export const THERMO_QUANTITIES = ['zpe', 'enthalpy_correction', 'gibbs_correction', 'enthalpy', 'gibbs', 'entropy'] as const;

/**
 * Ideal-gas / rigid-rotor / harmonic-oscillator thermochemistry of a frequency job, as the engine
 * printed it. Energies in Eh; corrections include the ZPE; entropy and heat capacity in cal/(mol·K).
 * A quantity the engine does not print is computed from those it does and named in `derived`.
 */
export const thermochemistrySchema = z.object({
  temperature: z.number(),
  pressure: z.number(),
  zpe: z.number(),
  enthalpy_correction: z.number(),
  gibbs_correction: z.number(),
  /** Total H and G (electronic energy + correction), when the electronic energy is known. */
  enthalpy: z.number().nullable(),
  gibbs: z.number().nullable(),
  entropy: z.number(),
  /** xtb and MOPAC print Cp, NWChem Cv, ORCA neither. */
  heat_capacity: z.object({ kind: z.enum(['Cv', 'Cp']), value: z.number() }).nullable(),
  derived: z.array(z.enum(THERMO_QUANTITIES)),
});

export type Thermochemistry = z.infer<typeof thermochemistrySchema>;

/** One vibrational mode; `displacement` is the Cartesian motion of each atom (Å, engine normalisation) for the animation. */
const vibrationSchema = z.object({
  frequency: z.number(),
  intensity: z.number().nullable(),
  displacement: z.array(z.tuple([z.number(), z.number(), z.number()])).optional(),
});

export type Vibration = z.infer<typeof vibrationSchema>;

export const qmMoleculeResultSchema = z.object({
  name: z.string(),
  /** The molecule's own name from the XYZ comment line, when that line reads as a name (not blank, not a number). */
  title: z.string().nullable().optional(),
  engine: z.enum(['orca', 'nwchem', 'xtb', 'mopac']),
  /** Engine version as printed in its own output (e.g. `7.0.2`, `6.5.1`, `22.0.6`, `6.0.1`). */
  engineVersion: z.string().nullable(),
  /** The method label honestly describing what ran (e.g. `GFN2-xTB`, `B3LYP/def2-SVP`, `PM3`). */
  level: z.string(),
  /** The exact main input file given to the engine. */
  input: z.string(),
  status: z.enum(['ok', 'failed']),
  /** Readable failure reason (Chinese) when status is failed. */
  error: z.string().optional(),
  warnings: z.array(z.string()),
  /** Final total electronic energy in Eh (for MOPAC: the total energy it prints, converted from eV). */
  final_energy: z.number().nullable(),
  /** MOPAC's heat of formation in kcal/mol, when the engine reports one. */
  heat_of_formation: z.number().nullable().optional(),
  optimized: z.boolean(),
  /** Final geometry (optimised, or the input geometry for single points). */
  geometry: z.array(xyzAtom),
  orbitals: z
    .object({
      /** All orbital energies (eV) with occupations, for the level diagram; alpha spin for open shells. */
      energies: z.array(z.object({ energy: z.number(), occupation: z.number() })),
      homo: z.number().nullable(),
      lumo: z.number().nullable(),
      gap: z.number().nullable(),
    })
    .nullable(),
  /** Dipole moment: vector and total, debye. */
  dipole: z.object({ x: z.number(), y: z.number(), z: z.number(), total: z.number() }).nullable(),
  /** Mulliken charges, one per atom in input order. */
  mulliken: z.array(z.object({ index: z.number(), element: z.string(), charge: z.number() })).nullable(),
  /** Vibrational modes (translations/rotations removed); imaginary ones have negative frequency. */
  frequencies: z.array(vibrationSchema).nullable(),
  /** The orientation the displacement vectors refer to, when the engine turned the molecule for its frequency run (MOPAC, xtb). */
  vibration_geometry: z.array(xyzAtom).nullable().optional(),
  thermochemistry: thermochemistrySchema.nullable().optional(),
  /** HOMO and LUMO as Gaussian cube files in the molecule's result folder (NWChem closed shells only). */
  orbital_cubes: z.object({ homo: z.string(), lumo: z.string() }).nullable().optional(),
  /** Number of imaginary frequencies (a warning is added when > 0 after an optimisation). */
  imaginary_count: z.number().nullable(),
  excitations: z.array(z.object({ energy_ev: z.number(), wavelength_nm: z.number(), oscillator: z.number() })).nullable(),
  /** Isotropic (and anisotropy where printed) shielding per atom. */
  nmr: z.array(z.object({ index: z.number(), element: z.string(), isotropic: z.number(), anisotropy: z.number().nullable() })).nullable(),
  /** Wall time the engine took, seconds. */
  seconds: z.number().nullable(),
});

export type QmMoleculeResult = z.infer<typeof qmMoleculeResultSchema>;

/** A parser's view: everything it can read from one engine output (the runner adds name, input, status). */
export type ParsedOutput = Omit<QmMoleculeResult, 'name' | 'title' | 'input' | 'status' | 'error'>;

export const HARTREE_TO_EV = 27.211386245988;
export const EV_TO_NM = 1239.84198;
/** CODATA 2018 hartree in kcal/mol (4.3597447222071e-18 J × N_A / 4184). */
export const HARTREE_TO_KCAL_PER_MOL = 627.5094740631;
