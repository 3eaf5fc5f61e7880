import {
  ADMET_BBB_CUT,
  ADMET_HERG_CUT,
  ADMET_RANGE_SLIDERS,
  ADMET_THRESHOLD_SLIDERS,
  ApiError,
  errors,
  type AdmetFilterQuery,
  type AdmetResultItem,
} from '@yunyao/contract';
import { filterTaskRows, findTaskRow, type Db, type RowBound } from '@yunyao/db';
import { ownTask } from './task-access.ts';

/** The filter's sliders as bounds on result-row keys (spec: BBB cut 0.5, hERG cut 0.3; 1 positive, 2 negative). */
function admetBounds(q: AdmetFilterQuery): RowBound[] {
  const bounds: RowBound[] = [];
  for (const key of Object.keys(ADMET_RANGE_SLIDERS) as (keyof typeof ADMET_RANGE_SLIDERS)[]) {
    const range = q[key];
    if (range) bounds.push({ key, min: range[0], max: range[1] });
  }
  for (const [key, slider] of Object.entries(ADMET_THRESHOLD_SLIDERS) as [keyof typeof ADMET_THRESHOLD_SLIDERS, (typeof ADMET_THRESHOLD_SLIDERS)[keyof typeof ADMET_THRESHOLD_SLIDERS]][]) {
    const value = q[key];
    if (value !== undefined) bounds.push(slider.keep === 'min' ? { key: slider.rowKey, min: value } : { key: slider.rowKey, max: value });
  }
  const posNeg = (key: string, choice: number | undefined, cut: number) => {
    if (choice === 1) bounds.push({ key, min: cut });
    if (choice === 2) bounds.push({ key, below: cut });
  };
  posNeg('BBB_Martins', q.BBB_Martins, ADMET_BBB_CUT);
  posNeg('hERG', q.hERG, ADMET_HERG_CUT);
  return bounds;
}

/** The rows of the user's own ADMET task that pass the filter: one page, or every match (`all`, for the CSV). */
export async function filterAdmetRows(db: Db, q: AdmetFilterQuery, userId: number, all: boolean): Promise<{ taskId: number; total: number; rows: AdmetResultItem[] }> {
  const task = await ownTask(db, q.task_id, userId);
  if (task.module !== 'admet') throw new ApiError(errors.notFound);
  const page = all ? { offset: 0 } : { offset: (q.page - 1) * q.limit, limit: q.limit };
  const { total, rows } = await filterTaskRows(db, task.id, admetBounds(q), page);
  return { taskId: task.id, total, rows: rows as AdmetResultItem[] };
}

/** The molecule's row from the user's ADMET tasks (from that task only when one is named, which must be the user's own). */
export async function knownAdmetRow(db: Db, userId: number, smiles: string, taskId: number | undefined): Promise<AdmetResultItem | undefined> {
  if (taskId) await ownTask(db, taskId, userId);
  const known = await findTaskRow(db, { userId, module: 'admet', key: 'Smiles', value: smiles, ...(taskId ? { taskId } : {}) });
  return known as AdmetResultItem | undefined;
}
