import { debianPackageVersion, defineEngine, defineModuleEngines } from '@yunyao/modules/engines';

/**
 * The platform's own engines and Debian packages, which no module runs: the interpreter of every
 * Python step (and jsonschema, with which each step checks its params.json), the executor's CPU
 * accounting, the database (with the RDKit cartridge the library search uses) and what the
 * end-to-end tests drive. The one place for them; each module declares its own in its folder's
 * `<code>.engines.ts`.
 */
export const platformEngines = defineModuleEngines({
  code: 'platform',
  engines: [
    // Debian's /usr/bin/python3 (config.python) runs every Python step; the engines' Python packages bring it.
    defineEngine({ id: 'python', name: 'Python', probe: { argv: ['{python}', '--version'], pattern: /Python ([\d.]+)/ }, citations: [] }),
    defineEngine({
      id: 'gnu_time',
      name: 'GNU time',
      probe: debianPackageVersion('time'),
      debian: { note: 'per-step CPU accounting by the local executor', packages: ['time'] },
      citations: [],
    }),
  ],
  packages: [
    { note: 'RDKit cartridge: substructure and similarity search of the molecule library on PostgreSQL', packages: ['postgresql-15-rdkit'] },
    { note: "each Python step checks the task's params.json against its module's exported JSON Schema (python/yunyao/params.py)", packages: ['python3-jsonschema'] },
    { note: 'PostgreSQL server for the API tests against a real server (and for production use)', packages: ['postgresql'] },
    { note: "headless browser the e2e tests (e2e/, playwright-core) drive; Debian's build, so CI needs no browser download", packages: ['chromium'] },
    {
      note: 'Slurm, its accounting daemon (sacct reads it), munge and MariaDB: the two-node test cluster the Slurm executor is tested and benched on (packages/slurm/src/test-cluster.ts); compute nodes of a real cluster need only slurmd and the engines',
      packages: ['slurm-wlm', 'slurmdbd', 'munge', 'mariadb-server'],
    },
    { note: 'a CJK font, so the e2e screenshots show Chinese text instead of empty boxes', packages: ['fonts-wqy-microhei'] },
  ],
});
