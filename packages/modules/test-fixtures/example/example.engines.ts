import { fileURLToPath } from 'node:url';
import { defineEngine, defineModuleEngines } from '../../engine-types.ts';
import { openbabel } from '../../shared/engines.ts';

/**
 * The example's own engine, declared in its folder like every module's: its Python program, whose
 * version the health check and each result record, and the Debian package that runs it. Open Babel
 * is shared with other modules, so it is declared once (shared/engines.ts) and listed here.
 */
const exampleRows = defineEngine({
  id: 'example_rows',
  name: 'Example rows program',
  probe: { argv: ['{python}', fileURLToPath(new URL('./example_rows.py', import.meta.url)), '--version'], pattern: /example_rows ([\d.]+)/ },
  debian: { note: "Debian's minimal Python, which runs the example's own program", packages: ['python3-minimal'] },
  // A test fixture: nothing published to cite.
  citations: [],
});

export const exampleEngines = defineModuleEngines({ code: 'example', engines: [openbabel, exampleRows] });
