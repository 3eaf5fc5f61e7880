import type { EngineAdapter } from '../../job.ts';
import { parseXtb } from './parse.ts';
import { renderXtb, xtbUnsupported } from './render.ts';

export const xtbAdapter: EngineAdapter = {
  engine: 'xtb',
  unsupported: xtbUnsupported,
  render: renderXtb,
  parse: (output, sideFiles) => parseXtb(output, sideFiles),
};
