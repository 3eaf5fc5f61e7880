import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMET_BBB_CUT,
  ADMET_PROPERTIES,
  ADMET_HERG_CUT,
  ADMET_RANGE_SLIDERS,
  ADMET_THRESHOLD_SLIDERS,
  admetDetailOf,
  ApiError,
  errors,
  ok,
  type AdmetFilterQuery,
  type AdmetFilterResponse,
  type Envelope,
  type AdmetResultItem,
  type AdmetVerdict,
  endpoints,
} from '@yunyao/contract';
import { filterTaskRows, findTaskRow, type RowBound } from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { ownTask } from '../services/task-access.ts';
import { admetModelCard, predictOneMolecule } from '../services/admet-lookup.service.ts';
import { csvOf } from '../csv.ts';
import { endpointRoute } from './endpoint-route.ts';

/** The filter's sliders as bounds on result-row keys (spec: BBB cut 0.5, hERG cut 0.3; 1 positive, 2 negative). */
export function admetBounds(q: AdmetFilterQuery): RowBound[] {
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

/** The endpoints of a row with that traffic light, joined by `;` as in the step's admet.csv. */
const withVerdict = (row: AdmetResultItem, verdict: AdmetVerdict) =>
  Object.entries(row.verdicts ?? {})
    .filter(([, v]) => v === verdict)
    .map(([name]) => name)
    .join(';');

/**
 * Filtered rows as CSV: identity, every property in the dialog's order, the endpoints with a red
 * and an amber verdict, then the applicability-domain verdict.
 */
function admetCsv(rows: AdmetResultItem[]): string {
  const keys = ADMET_PROPERTIES.map((p) => p.key);
  return csvOf(
    ['index', 'name', 'Smiles', ...keys, 'unfavourable', 'caution', 'out_of_domain', 'error'],
    rows.map((r) => [r.index, r.name, r.Smiles, ...keys.map((k) => r[k]), withVerdict(r, 'red'), withVerdict(r, 'amber'), (r.out_of_domain ?? []).join(';'), r.error]),
  );
}

/** ADMET results: the property filter over a finished task, and one molecule's grouped properties. */
export const admetRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  /** The matching rows as JSON, or with `type=csv` every match as a CSV download. */
  async function filter(q: AdmetFilterQuery, userId: number, reply: FastifyReply): Promise<Envelope<AdmetFilterResponse> | string> {
    const task = await ownTask(db, q.task_id, userId);
    if (task.module !== 'admet') throw new ApiError(errors.notFound);
    const csv = q.type === 'csv';
    const page = csv ? { offset: 0 } : { offset: (q.page - 1) * q.limit, limit: q.limit };
    const { total, rows } = await filterTaskRows(db, task.id, admetBounds(q), page);
    if (!csv) return ok({ totalCount: total, admets: rows as AdmetResultItem[] });
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="admet-${task.id}-filtered.csv"`);
    return admetCsv(rows as AdmetResultItem[]);
  }

  app.route({
    ...endpointRoute(app, endpoints.admet.filter),
    handler: (req, reply) => filter(req.body, req.user.id, reply),
  });
  // The same filter by query string, so the filtered CSV downloads like any other file (GET with the token).
  app.route({
    ...endpointRoute(app, endpoints.admet.filterByQuery),
    handler: (req, reply) => filter(req.query, req.user.id, reply),
  });

  app.route({
    ...endpointRoute(app, endpoints.admet.detail),
    handler: async (req) => {
      const { smiles, task_id } = req.query;
      // A named task must be the user's own, as on every other route; without one the molecule is predicted afresh.
      if (task_id) await ownTask(db, task_id, req.user.id);
      const known = await findTaskRow(db, { userId: req.user.id, module: 'admet', key: 'Smiles', value: smiles, ...(task_id ? { taskId: task_id } : {}) });
      const row = (known as AdmetResultItem | undefined) ?? (await predictOneMolecule(deps.config, smiles));
      if (row.error) throw new ApiError(errors.smilesInvalid, row.error);
      return ok(admetDetailOf(row));
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.admet.models),
    handler: async () => ok(await admetModelCard(deps.config)),
  });
};
