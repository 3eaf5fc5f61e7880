import { defineModuleEngines } from '../engine-types.ts';
import { node } from '../shared/engines.ts';

/**
 * Node writes the run's flags; the Rosetta `fixbb` program is the operator's licensed installation
 * (ROSETTA_BIN), not a Debian package, so its version is read from its own log into each result.
 */
export const packerEngines = defineModuleEngines({
  code: 'packer',
  engines: [node],
  citations: [
    {
      text: 'Leman JK, Weitzner BD, Lewis SM, et al. Macromolecular modeling and design in Rosetta: recent methods and frameworks. Nat Methods 17, 665–680 (2020).',
      doi: '10.1038/s41592-020-0848-2',
    },
  ],
});
