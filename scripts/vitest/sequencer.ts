/**
 * The order in which the suite's workers take test files. Two workers share two cores, so:
 * - the longest files start first, so that no long file starts last and runs alone
 *   (longest by the last run's test-results/timings.json; on a clean clone, the files named
 *   in `startFirst`, then the larger files first);
 * - browser files alternate with the others, so that the two workers rarely drive two
 *   platforms with Chromium at the same time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TIMINGS_FILE, type TimingsReport } from './timings-reporter.ts';

export interface SequencerOptions {
  /** Files (relative to the root) known to take minutes: on a clean clone nothing else tells. */
  startFirst: string[];
  /** Projects whose files are not run beside one another where it can be helped. */
  alternate: string[];
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
      const apart = sorted.filter((spec) => options.alternate.includes(spec.project.name));
      const rest = sorted.filter((spec) => !options.alternate.includes(spec.project.name));
      const order: TestSpecification[] = [];
      while (apart.length || rest.length) {
        if (rest.length) order.push(rest.shift()!);
        if (apart.length) order.push(apart.shift()!);
      }
      return order;
    }
  };
}
