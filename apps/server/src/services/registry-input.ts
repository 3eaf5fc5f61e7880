import type { ModuleDefinition } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import type { SubmitForm } from './input-sources.ts';
import { ownQsarModelFile } from './qsar-registry.service.ts';

/**
 * Stages the stored model a submission names (`registryInput`: QSAR prediction's `tuna_id`) as the
 * file of its field, in place of anything sent under that field: the model comes from the user's
 * registry only. Another user's id, a deleted model or no model answer 404, before anything is held.
 */
export async function stageRegistryInput(deps: ServerDeps, userId: number, input: NonNullable<ModuleDefinition['registryInput']>, params: unknown, form: SubmitForm): Promise<void> {
  const id = (params as Record<string, unknown>)[input.param];
  form.files = form.files.filter((f) => f.field !== input.field);
  if (typeof id !== 'number') return;
  const model = await ownQsarModelFile(deps, userId, id);
  form.files.push({ field: input.field, filename: model.name, data: model.data });
}
