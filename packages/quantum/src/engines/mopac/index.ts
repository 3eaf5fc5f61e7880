import type { EngineAdapter } from '../../job.ts';
import { parseMopac } from './parse.ts';
import { mopacUnsupported, renderMopac } from './render.ts';

export const mopacAdapter: EngineAdapter = {
  engine: 'mopac',
  unsupported: mopacUnsupported,
  render: renderMopac,
  parse: (output) => parseMopac(output),
};
