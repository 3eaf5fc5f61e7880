/**
 * The order in which a lane (scripts/vitest/lanes.ts: one file at a time) takes its test files:
 * - each project's files together: a project's files share one worker and its module graph
 *   (scripts/vitest/isolation.ts), and every switch to another project's files starts a worker
 *   that loads the server's modules again (10–14 s a switch on a loaded 2-core machine, measured
 *   when the PGlite and PostgreSQL API files were interleaved);
 * - inside a project, the longest files first (by the last run's test-results/timings.json; on a
 *   clean clone, the files named in `startFirst`, then the larger files first), so that a filtered
 *   run or a failure shows the expensive results early.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TIMINGS_FILE, type TimingsReport } from './timings-reporter.ts';

export interface SequencerOptions {
  /** Files (relative to the root) known to take minutes: on a clean clone nothing else tells. */
  startFirst: string[];
}

const key = (project: string, file: string) => `${project} ${file}`;

function lastRun(root: string): Map<string, number> {
  const path = resolve(root, TIMINGS_FILE);
  if (!existsSync(path)) return new Map();
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as TimingsReport;
    return new Map(report.files.map((f) => [key(f.project, f.file), f.totalMs]));
  } catch {
    return new Map();
  }
}

export function suiteSequencer(options: SequencerOptions): typeof BaseSequencer {
  return class SuiteSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const last = lastRun(root);
      const file = (spec: TestSpecification) => relative(root, spec.moduleId);
      const weight = (spec: TestSpecification): [number, number] => {
        const measured = last.get(key(spec.project.name, file(spec)));
        if (measured !== undefined) return [1, measured];
        // Files the last run did not see go first, like Vitest's own order: they may be long.
        const first = options.startFirst.indexOf(file(spec));
        return first >= 0 ? [3, -first] : [2, statSync(spec.moduleId).size];
      };
      const weights = new Map(files.map((spec) => [spec, weight(spec)]));
      const sorted = [...files].sort((a, b) => {
        const [ra, wa] = weights.get(a)!;
        const [rb, wb] = weights.get(b)!;
        return rb - ra || wb - wa;
      });
      // Grouped by project in the order each first appears: a stable sort keeps each group's order.
      const rank = new Map<string, number>();
      for (const spec of sorted) if (!rank.has(spec.project.name)) rank.set(spec.project.name, rank.size);
      return [...sorted].sort((a, b) => rank.get(a.project.name)! - rank.get(b.project.name)!);
    }
  };
}
