import { defineModuleEngines } from '../engine-types.ts';
import { node } from '../shared/engines.ts';

/**
 * Node unpacks the checked inputs; VASP itself is the operator's licensed build (VASP_BIN, run under
 * VASP_MPIRUN on several cores), not a Debian package, so its version is read from its OUTCAR into each result.
 */
export const vaspEngines = defineModuleEngines({
  code: 'vasp',
  engines: [node],
  citations: [
    {
      text: 'Kresse G, Furthmüller J. Efficient iterative schemes for ab initio total-energy calculations using a plane-wave basis set. Phys Rev B 54, 11169–11186 (1996).',
      doi: '10.1103/PhysRevB.54.11169',
    },
    {
      text: 'Kresse G, Joubert D. From ultrasoft pseudopotentials to the projector augmented-wave method. Phys Rev B 59, 1758–1775 (1999).',
      doi: '10.1103/PhysRevB.59.1758',
    },
  ],
});
