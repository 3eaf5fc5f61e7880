import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ApiError, errors, qsarTableSchema, type QsarModel, type QsarTable } from '@yunyao/contract';
import { deleteQsarModel, getQsarModel, listQsarModels, qsarModelFile, renameQsarModel, type Db, type QsarModelRecord } from '@yunyao/db';
import { QSAR_MODEL_FILE } from '@yunyao/modules/forms/qsartuna';
import { QSARPRED_MESSAGES } from '@yunyao/modules/forms/qsarpred';
import type { ServerDeps } from '../deps.ts';
import { formatDate } from '../format.ts';
import { runServerStep, stepJson } from './server-step.ts';

/** A 50 MB table is read in seconds; RDKit parses at most 200 cells per column for the SMILES guess. */
const INSPECT_TIME_LIMIT_SECONDS = 60;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A registry record as the API shows it: the card's headline fields lifted beside the whole card. */
function present(m: QsarModelRecord): QsarModel {
  const params = (m.params ?? {}) as Record<string, unknown>;
  const result = (m.card ?? {}) as Record<string, unknown>;
  const card = (result.card ?? {}) as Record<string, unknown>;
  return {
    tuna_id: m.tunaId,
    name: m.name,
    mode: text(card.mode) || text(params.mode),
    label: text(card.label) || text(params.labels_col),
    algorithm: text(card.algorithm) || null,
    descriptors: Array.isArray(card.descriptors) ? card.descriptors.map(String) : [],
    card,
    created_at: formatDate(m.endedAt ?? m.createdAt),
  };
}

export const userQsarModels = async (db: Db, userId: number): Promise<QsarModel[]> => (await listQsarModels(db, userId)).map(present);

/** One of the user's models; another user's id, a deleted model or no model at all answer 404 alike. */
export async function ownQsarModel(db: Db, userId: number, tunaId: number): Promise<QsarModel> {
  const model = await getQsarModel(db, userId, tunaId);
  if (!model) throw new ApiError(errors.notFound, QSARPRED_MESSAGES.modelNotFound);
  return present(model);
}

/** Renames one of the user's models (404 for any other id). */
export async function renameOwnQsarModel(db: Db, userId: number, tunaId: number, name: string): Promise<void> {
  await ownQsarModel(db, userId, tunaId);
  await renameQsarModel(db, tunaId, name);
}

/** Takes one of the user's models out of the registry (404 for any other id); its build stays in the task history. */
export async function deleteOwnQsarModel(db: Db, userId: number, tunaId: number): Promise<void> {
  await ownQsarModel(db, userId, tunaId);
  await deleteQsarModel(db, tunaId);
}

/** The stored model file of one of the user's models. */
export async function ownQsarModelFile(deps: ServerDeps, userId: number, tunaId: number): Promise<{ name: string; data: Buffer }> {
  await ownQsarModel(deps.database.db, userId, tunaId);
  const file = await qsarModelFile(deps.database.db, tunaId, QSAR_MODEL_FILE);
  if (!file) throw new ApiError(errors.notFound);
  return { name: `qsar-model-${tunaId}.json.gz`, data: await deps.storage.get(file.storageKey) };
}

/** Reads a training table as the build will (`python -m yunyao.qsar.inspect`): its columns and the form's proposals. */
export async function inspectQsarTable(deps: ServerDeps, file: { filename: string; data: Buffer }): Promise<QsarTable> {
  const dir = await mkdtemp(join(tmpdir(), 'yunyao-qsar-'));
  try {
    const path = join(dir, `table${extname(file.filename).toLowerCase()}`);
    await writeFile(path, file.data);
    const res = await runServerStep(deps.config, {
      name: 'qsar-inspect',
      program: 'qsar.inspect',
      args: ['--input', path, '--name', file.filename],
      cwd: dir,
      timeLimitSeconds: INSPECT_TIME_LIMIT_SECONDS,
    });
    if (res.failure?.kind === 'input') throw new ApiError(errors.validation, res.failure.reason);
    const table = res.failure ? undefined : stepJson(qsarTableSchema, res.stdout);
    if (!table) throw new Error(`qsar.inspect failed: ${res.failure?.reason ?? 'its answer is not a table'}`);
    return table;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
