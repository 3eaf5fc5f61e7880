import type { EngineAdapter } from '../../job.ts';
import { nwchemUnsupported } from './level.ts';
import { parseNwchem } from './parse.ts';
import { renderNwchem } from './render.ts';

export const nwchemAdapter: EngineAdapter = {
  engine: 'nwchem',
  unsupported: nwchemUnsupported,
  render: renderNwchem,
  parse: (output, sideFiles) => parseNwchem(output, sideFiles),
};
