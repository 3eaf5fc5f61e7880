import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSteps, type StepCommand } from './run-steps.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A splittable step in shell: a chunk (`--chunk=I/N`) writes its items (I, I+N, ... below 6) to its own
 * part file and writes its progress; the whole step concatenates the parts (the merge). It fails once
 * on item 3 while `fail-once` exists, as a chunk cut off by a lost node would.
 */
const screen: StepCommand = {
  name: 'screen',
  argv: ['bash', '-c', `
    if [ -n "$1" ]; then i=\${1#--chunk=}; n=\${i#*/}; i=\${i%/*}; mine=0; : > part-$i
      for ((k=i; k<6; k+=n)); do
        if [ $k = 3 ] && [ -e fail-once ]; then rm fail-once; exit 3; fi
        echo $k >> part-$i; mine=$((mine+1)); done
      echo "{\\"done\\":$mine,\\"total\\":$mine,\\"unit\\":\\"items\\"}" > .progress-$i.json
    else cat part-* | sort > merged; fi`, 'screen'],
  chunks: {
    args: (index, count) => [`--chunk=${index}/${count}`],
    markerDir: 'checkpoint',
    progress: { file: 'progress.json', chunkFile: (index) => `.progress-${index}.json` },
  },
};

const run = (count: number) => runSteps([screen], { workdir: dir, cores: 1, timeLimitSeconds: 30, logPath: join(dir, 'task.log'), chunks: { count } });

describe('a step split into chunks, run locally', () => {
  it('gives what the whole step gives, chunk by chunk, with the progress summed and each chunk billed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'yunyao-chunks-'));
    const out = await run(3);
    expect(out.failure).toBeUndefined();
    expect(readFileSync(join(dir, 'merged'), 'utf8')).toBe('0\n1\n2\n3\n4\n5\n');
    expect(out.steps.map((s) => s.name)).toEqual(['screen.0', 'screen.1', 'screen.2', 'screen']);
    expect(out.cpuSeconds).toBeCloseTo(out.steps.reduce((s, r) => s + r.cpu_seconds, 0));
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8'))).toEqual({ done: 6, total: 6, unit: 'items', chunks: { done: 3, total: 3 } });
  });

  it('resumes after a failed chunk without running the chunks already done', async () => {
    dir = mkdtempSync(join(tmpdir(), 'yunyao-chunks-'));
    writeFileSync(join(dir, 'fail-once'), '');
    const failed = await run(2);
    // Chunk 0 (items 0, 2, 4) ended; chunk 1 stopped at item 3, the merge did not run.
    expect(failed.failure?.kind).toBe('engine');
    expect(failed.steps.map((s) => [s.name, s.exit_code])).toEqual([['screen.0', 0], ['screen.1', 3]]);
    const again = await run(2);
    expect(again.steps.map((s) => s.name)).toEqual(['screen.1', 'screen']);
    expect(readFileSync(join(dir, 'merged'), 'utf8')).toBe('0\n1\n2\n3\n4\n5\n');
  });
});
