import type { TaskFileRecord } from '@yunyao/db';
import { csvCell, MOLECULE_FILE_FIELD } from '../../shared/molecule-source.ts';
import { PROTEIN_FILE_FIELD } from '../../shared/protein-source.ts';
import type { PortType, WorkflowStepSpec } from '../../shared/workflow-step.ts';
import type { SubmittedFile } from '../../types.ts';
import { WORKFLOW_REFERENCE_FIELD } from '../group-form.ts';
import type { Storage } from '@yunyao/platform';
import type { ChainState } from './chain-state.ts';
import { sdfText } from './sdf-records.ts';

/**
 * The files of a step's child task, one per port its module reads: the workflow's protein; the
 * molecules still in the running (the workflow's own file before any step narrowed it); the kept
 * molecules' best poses; the reference ligand (the best pose, else the workflow's ligand).
 */
export async function stepFiles(storage: Storage, spec: WorkflowStepSpec, state: ChainState, groupInputs: readonly TaskFileRecord[]): Promise<SubmittedFile[]> {
  const input = async (field: string) => {
    const file = groupInputs.find((f) => f.field === field);
    return file ? { name: file.name, data: await storage.get(file.storageKey) } : undefined;
  };
  const contents: Record<PortType, () => Promise<{ name: string; data: Buffer } | undefined>> = {
    protein: () => input(PROTEIN_FILE_FIELD.field),
    pocket: async () => undefined,
    molecules: async () =>
      state.molecules
        ? { name: 'molecules.csv', data: Buffer.from(`smiles,name\n${state.molecules.map((m) => `${csvCell(m.smiles)},${csvCell(m.name)}`).join('\n')}\n`) }
        : input(MOLECULE_FILE_FIELD.field),
    poses: async () => {
      const kept = (state.molecules ?? []).flatMap((m) => (state.poses.has(m.name) ? [state.poses.get(m.name)!] : []));
      return kept.length ? { name: 'poses.sdf', data: Buffer.from(sdfText(kept)) } : undefined;
    },
    reference: async () => (state.reference ? { name: 'reference.sdf', data: Buffer.from(sdfText([state.reference])) } : input(WORKFLOW_REFERENCE_FIELD.field)),
  };
  const files: SubmittedFile[] = [];
  for (const [port, field] of Object.entries(spec.files) as [PortType, string][]) {
    const file = await contents[port]();
    if (file) files.push({ field, ...file });
  }
  return files;
}
