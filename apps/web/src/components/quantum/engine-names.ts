import type { QmMoleculeResult } from '@yunyao/quantum';

export const ENGINE_NAMES: Record<QmMoleculeResult['engine'], string> = { orca: 'ORCA', nwchem: 'NWChem', xtb: 'xtb', mopac: 'MOPAC' };
