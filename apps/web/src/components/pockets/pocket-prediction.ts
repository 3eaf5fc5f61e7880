import { useQuery } from '@tanstack/react-query';
import type { TaskRow } from '@yunyao/contract';
import { pocketForm } from '@yunyao/modules/forms/pocket';
import { api } from '../../api/endpoints.ts';
import { appendProteinSource, proteinSourceWarning, type ProteinSource } from '../module-page/ProteinSourceField.tsx';
import { paramsProblem } from '../module-page/picked-files.ts';

/** A predicted pocket as the prediction task's output rows carry it (the docking and 3D affinity forms pick from them). */
export interface PredictedPocket {
  id: number;
  name: string;
  Score: number;
  Druggability: number;
  'Alpha Spheres': number;
  box: { center: [number, number, number]; size: [number, number, number] };
  residues: string[];
}

// The spec polls every 50 s; a one-second analysis should not leave the form waiting that long.
const POLL_MS = 2000;
export const TASK_RUNNING = 1;
export const TASK_SUCCEEDED = 2;
export const TASK_FAILED = 3;

/** `chain:resname:resnum` as `A:ALA148`, the chain left out when the file has none; the first six. */
export function residueList(residues: string[]): string {
  const shown = residues.slice(0, 6).map((r) => {
    const [chain, name, number] = r.split(':');
    return `${chain ? `${chain}:` : ''}${name}${number}`;
  });
  return shown.join(' ') + (residues.length > 6 ? ' …' : '');
}

/** The server pocket prediction: a task of its own, polled until its pocket table is there. */
export function usePocketPrediction(taskId: number | null) {
  const task = useQuery({
    queryKey: ['pockets', 'task', taskId],
    queryFn: () => api.tasks.one(taskId!),
    enabled: taskId !== null,
    refetchInterval: (q) => (q.state.data?.status === TASK_RUNNING ? POLL_MS : false),
  });
  const pockets = useQuery({
    queryKey: ['pockets', 'rows', taskId],
    queryFn: () => api.tasks.output<PredictedPocket>(taskId!),
    enabled: task.data?.status === TASK_SUCCEEDED,
  });
  return { task: task.data as TaskRow | undefined, pockets: pockets.data ?? [] };
}

/** What keeps the protein source from a pocket prediction, in the page's language; null when it can start. */
export function pocketPredictionProblem(protein: ProteinSource, english: boolean): string | null {
  return proteinSourceWarning(protein, english) ?? paramsProblem(pocketForm, { protein_source: protein.type, pdb_id: protein.pdbId, uniprod_id: protein.uniprotId }, english);
}

/** Submits the server pocket prediction for the protein; its task id, or null when the API client has already said why not. */
export async function submitPocketPrediction(protein: ProteinSource): Promise<number | null> {
  const body = new FormData();
  appendProteinSource(body, pocketForm.proteinSource!, protein);
  body.set('module', pocketForm.code);
  return api.modules.submit(pocketForm, body).then(
    ({ task_id }) => task_id,
    () => null,
  );
}
