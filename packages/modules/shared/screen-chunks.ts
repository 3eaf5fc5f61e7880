import type { StepChunks } from '@yunyao/steps';

/**
 * How a screen's step splits (StepChunks): chunk I of N takes the molecules whose index is I modulo N
 * (`--chunk=I/N`, python/yunyao/common.py chunk_of) and counts them in its own progress file, summed into
 * the step's progress.json; the step then runs whole and merges. `markerDir`: where finished chunks are marked.
 */
export function screenChunks(markerDir: string): StepChunks {
  return {
    args: (index, count) => [`--chunk=${index}/${count}`, `--progress=.progress-${index}.json`],
    markerDir,
    progress: { file: 'progress.json', chunkFile: (index) => `.progress-${index}.json` },
  };
}
