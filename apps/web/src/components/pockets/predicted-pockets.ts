import { useQuery } from '@tanstack/react-query';
import type { TaskRow } from '@yunyao/contract';
import { pocketForm } from '@yunyao/modules/forms/pocket';
import { useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { appendProteinSource, type ProteinSource } from '../module-page/ProteinSourceField.tsx';

/** A predicted pocket as the prediction task's output rows carry it. */
export interface PredictedPocket {
  id: number;
  name: string;
  Score: number;
  Druggability: number;
  'Alpha Spheres': number;
  box: { center: [number, number, number]; size: [number, number, number] };
  residues: string[];
}

const POLL_MS = 2000;
export const TASK_RUNNING = 1;
const SUCCEEDED = 2;
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
    enabled: task.data?.status === SUCCEEDED,
  });
  return { task: task.data as TaskRow | undefined, pockets: pockets.data ?? [] };
}

/**
 * Submits the server's pocket prediction for the chosen protein and follows it: `predict` answers the
 * problem to show (a missing protein) or null once the task is queued.
 */
export function useServerPockets(protein: ProteinSource) {
  const [taskId, setTaskId] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const prediction = usePocketPrediction(taskId);

  async function predict(): Promise<void> {
    const body = new FormData();
    appendProteinSource(body, pocketForm.proteinSource!, protein);
    body.set('module', pocketForm.code);
    setSubmitting(true);
    try {
      setTaskId((await api.modules.submit(pocketForm, body)).task_id);
    } catch {
      // The API client has already said why.
    } finally {
      setSubmitting(false);
    }
  }

  return { ...prediction, predict, busy: submitting || prediction.task?.status === TASK_RUNNING };
}

/** The structure's text, from whichever source the radio names. */
export async function proteinText(source: ProteinSource): Promise<string | null> {
  if (source.type === 'file') return (await source.files.uploads[0]?.text()) ?? null;
  if (source.type === 'cos') return source.files.dataCenter[0] ? api.files.text(source.files.dataCenter[0].id) : null;
  if (source.type === 'rcsb') return source.pdbId.trim() ? api.protein.pdbText(source.pdbId.trim()) : null;
  return source.uniprotId.trim() ? api.protein.alphafoldText(source.uniprotId.trim()) : null;
}

/** The chosen protein's text once its source is complete, for the 3D view (and the browser detector). */
export function useProteinText(source: ProteinSource) {
  const key =
    source.type === 'file'
      ? source.files.uploads[0] && `${source.files.uploads[0].name}:${source.files.uploads[0].size}:${source.files.uploads[0].lastModified}`
      : source.type === 'cos'
        ? source.files.dataCenter[0]?.id
        : source.type === 'rcsb'
          ? source.pdbId.trim().length === 4 && source.pdbId.trim().toUpperCase()
          : source.uniprotId.trim().length === 6 && source.uniprotId.trim().toUpperCase();
  return useQuery({ queryKey: ['protein', 'text', source.type, key], queryFn: () => proteinText(source), enabled: Boolean(key), staleTime: Infinity, retry: false });
}
