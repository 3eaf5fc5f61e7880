/** ORCA as an EngineAdapter: licensed, so it runs only where `orcaPath` is configured (see `orcaMissingReason`). */
import type { EngineAdapter } from '../../job.ts';
import { parseOrcaOutput } from './parse.ts';
import { renderOrca } from './render.ts';
import { orcaUnsupported } from './unsupported.ts';

export { orcaMissingReason, renderOrcaInput, ORCA_INPUT, ORCA_OUTPUT } from './render.ts';
export { parseOrcaOutput } from './parse.ts';

export const orcaAdapter: EngineAdapter = {
  engine: 'orca',
  unsupported: orcaUnsupported,
  render: renderOrca,
  parse: (output) => parseOrcaOutput(output),
};
