/** What the ORCA form posts to `POST /api/orca` (multipart fields are strings). */
import { buildOrcaLine } from '../orca-request.ts';
import type { OrcaFormState } from './state.ts';

export interface OrcaRequestFields {
  keyword: string;
  extration: string;
  charge: string;
  spinm: string;
  nprocs: string;
  maxcore: string;
  solvent?: string;
  nmr_method?: string;
  nroots?: string;
  ir_min?: string;
  ir_max?: string;
}

export function formToRequest(state: OrcaFormState): OrcaRequestFields {
  // SOL/NOSOL is always explicit so the server never guesses the phase.
  const tags = [state.solvent ? 'SOL' : 'NOSOL'];
  if (state.nmr) tags.push('NMR');
  if (state.uvvis) tags.push('UVVIS');
  if (state.ir) tags.push('IR');
  if (state.mulliken) tags.push('Mulliken');
  if (state.dipole) tags.push('Dipole');
  if (state.homo) tags.push('HOMO');
  // The spec's spelling of LUMO.
  if (state.lumo) tags.push('LOMO');

  const fields: OrcaRequestFields = {
    keyword: buildOrcaLine(state),
    extration: tags.join(','),
    charge: String(state.charge),
    spinm: String(state.multiplicity),
    nprocs: String(state.parallel ? state.nprocs : 1),
    maxcore: String(state.maxcore),
  };
  if (state.solvent) fields.solvent = state.solvent;
  if (state.nmr) fields.nmr_method = state.nmrMethod;
  if (state.uvvis) fields.nroots = String(state.nroots);
  if (state.ir) {
    fields.ir_min = String(state.irMin);
    fields.ir_max = String(state.irMax);
  }
  return fields;
}
