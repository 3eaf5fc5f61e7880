import type { Engine, EngineAdapter, EngineSettings, QmJob } from '../job.ts';
import { mopacAdapter } from './mopac/index.ts';
import { mopacLevel } from './mopac/render.ts';
import { nwchemAdapter } from './nwchem/index.ts';
import { nwchemLevel } from './nwchem/render.ts';
import { orcaAdapter } from './orca/index.ts';
import { xtbAdapter } from './xtb/index.ts';
import { xtbLevel } from './xtb/render.ts';

export const ADAPTERS: Record<Engine, EngineAdapter> = {
  orca: orcaAdapter,
  nwchem: nwchemAdapter,
  xtb: xtbAdapter,
  mopac: mopacAdapter,
};

/** Semi-empirical methods go to MOPAC, GFN2-xTB to xtb; everything else to ORCA when licensed, else NWChem. */
export function chooseEngine(job: QmJob, settings: EngineSettings): Engine {
  if (job.method === 'PM3' || job.method === 'PM6' || job.method === 'PM7') return 'mopac';
  if (job.method === 'GFN2-xTB') return 'xtb';
  return settings.orcaPath ? 'orca' : 'nwchem';
}

/** The label of what actually runs, for engines whose parser cannot read it from the output. */
export function levelLabel(engine: Engine, job: QmJob): string {
  if (engine === 'xtb') return xtbLevel(job);
  if (engine === 'mopac') return mopacLevel(job);
  if (engine === 'nwchem') return nwchemLevel(job);
  return `${job.method}/${job.basis ?? ''}`;
}
