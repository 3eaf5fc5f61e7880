/** One protein–ligand interaction of a pose, as `interactions.json` records PLIP's report (python/yunyao/plip_report.py). */
export interface PoseInteraction {
  type: InteractionType;
  /** `chain:RESnum`, e.g. `A:ASP149`. */
  residue: string;
  /** Å: donor–acceptor for hydrogen bonds, ring centres for π-stacking, else the atoms' distance. */
  distance: number | null;
  /** The ligand atoms involved, numbered as in the pose's SDF record. */
  ligandAtoms: number[];
  detail: string;
  ligand: [number, number, number] | null;
  protein: [number, number, number] | null;
}

export interface PoseAnalysis {
  id: string;
  rank: number;
  contacts: { residue: string; distance: number }[];
  /** Missing for poses PLIP was not run on (beyond the best rows). */
  interactions?: PoseInteraction[];
  error?: string;
}

export interface InteractionsFile {
  summary: { engine: string; version: string; rowsAnalysed: number; posesAnalysed: number; failures: number; secondsPerPose: number | null };
  poses: PoseAnalysis[];
}

/** PLIP's interaction types in the order a chemist reads them, each with its colour in the list and the 3D view. */
export const INTERACTION_TYPES = {
  hbond: '#1677ff',
  saltbridge: '#d4b106',
  pistacking: '#389e0d',
  pication: '#d46b08',
  halogen: '#08979c',
  waterbridge: '#69b1ff',
  metal: '#722ed1',
  hydrophobic: '#8c8c8c',
} as const;
export type InteractionType = keyof typeof INTERACTION_TYPES;

/** A pose's interactions grouped by type, in the order of `INTERACTION_TYPES`, empty types left out. */
export function groupByType(interactions: readonly PoseInteraction[]): [InteractionType, PoseInteraction[]][] {
  return (Object.keys(INTERACTION_TYPES) as InteractionType[])
    .map((type): [InteractionType, PoseInteraction[]] => [type, interactions.filter((i) => i.type === type)])
    .filter(([, list]) => list.length > 0);
}

/** The analysis of one pose of one result row, if the task has one. */
export function analysisOf(file: InteractionsFile | null, id: string, rank: number): PoseAnalysis | undefined {
  return file?.poses.find((p) => p.id === id && p.rank === rank);
}
