/**
 * How much simulated time the search spends (independent annealing trajectories × cycles); the
 * spec's form has no such field, so `standard` is what a bare request gets. `quick` gives a first
 * look in minutes, `thorough` samples four times as long. docs/models/peptides.md measures them.
 */
export const SAMPLING_LEVELS = ['quick', 'standard', 'thorough'] as const;
export type SamplingLevel = (typeof SAMPLING_LEVELS)[number];

/**
 * Each sampling level as the engine's knobs (python/yunyao/pepsearch/cli.py): independent annealing
 * trajectories, cycles per trajectory, and each cycle's time at 600 K, cooling and at 300 K (ps).
 * `standard` is the engine's own default; docs/models/peptides.md gives what each finds and costs.
 */
export interface Sampling {
  replicas: number;
  cycles: number;
  heatPs: number;
  annealPs: number;
  samplePs: number;
}

export const SAMPLING: Record<SamplingLevel, Sampling> = {
  quick: { replicas: 2, cycles: 2, heatPs: 5, annealPs: 10, samplePs: 10 },
  standard: { replicas: 8, cycles: 10, heatPs: 30, annealPs: 60, samplePs: 60 },
  thorough: { replicas: 16, cycles: 20, heatPs: 30, annealPs: 60, samplePs: 60 },
};

/** Simulated picoseconds of a level, over all trajectories. */
export function samplingPs(level: SamplingLevel): number {
  const s = SAMPLING[level];
  return s.replicas * s.cycles * (s.heatPs + s.annealPs + s.samplePs);
}

export function samplingArgs(level: SamplingLevel): string[] {
  const s = SAMPLING[level];
  return [`--replicas=${s.replicas}`, `--cycles=${s.cycles}`, `--heat-ps=${s.heatPs}`, `--anneal-ps=${s.annealPs}`, `--sample-ps=${s.samplePs}`];
}
