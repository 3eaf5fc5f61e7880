import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMET_PROPERTIES,
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
  type Lang,
} from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { requestLanguage } from '../plugins/errors.ts';
import { renderRowsMessages } from '../services/row-messages.ts';
import { filterAdmetRows, knownAdmetRow } from '../services/admet-results.service.ts';
import { admetModelCard, predictOneMolecule } from '../services/admet-lookup.service.ts';
import { csvOf } from '../csv.ts';
import { endpointRoute } from './endpoint-route.ts';

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
  async function filter(q: AdmetFilterQuery, userId: number, reply: FastifyReply, lang: Lang): Promise<Envelope<AdmetFilterResponse> | string> {
    const csv = q.type === 'csv';
    const { taskId, total, rows: stored } = await filterAdmetRows(db, q, userId, csv);
    const rows = renderRowsMessages(stored, lang);
    if (!csv) return ok({ totalCount: total, admets: rows });
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="admet-${taskId}-filtered.csv"`);
    return admetCsv(rows);
  }

  app.route({
    ...endpointRoute(app, endpoints.admet.filter),
    handler: (req, reply) => filter(req.body, req.user.id, reply, requestLanguage(req)),
  });
  // The same filter by query string, so the filtered CSV downloads like any other file (GET with the token).
  app.route({
    ...endpointRoute(app, endpoints.admet.filterByQuery),
    handler: (req, reply) => filter(req.query, req.user.id, reply, requestLanguage(req)),
  });

  app.route({
    ...endpointRoute(app, endpoints.admet.detail),
    handler: async (req) => {
      const { smiles, task_id } = req.query;
      // A named task must be the user's own, as on every other route; without one the molecule is predicted afresh.
      const row = (await knownAdmetRow(db, req.user.id, smiles, task_id)) ?? (await predictOneMolecule(deps.config, smiles));
      if (row.error) throw new ApiError(errors.smilesInvalid, row.error);
      return ok(admetDetailOf(row));
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.admet.models),
    handler: async () => ok(await admetModelCard(deps.config)),
  });
};
