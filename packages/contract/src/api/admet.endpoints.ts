import { admetDetailQuerySchema, admetDetailSchema, admetFilterResponseSchema, admetFilterSchema, admetModelCardSchema } from '../admet.ts';
import { endpoint } from './endpoint.ts';

const filterSummary = "Filters a finished ADMET task's rows by the dialog's ranges and thresholds; `type=csv` downloads every match.";

export const admetEndpoints = {
  filter: endpoint({
    method: 'POST',
    path: '/api/admet/filter',
    body: admetFilterSchema,
    response: admetFilterResponseSchema,
    csv: true,
    auth: true,
    tag: 'admet',
    summary: filterSummary,
  }),
  // The same filter by query string, so the filtered CSV downloads like any other file (GET with the token).
  filterByQuery: endpoint({
    method: 'GET',
    path: '/api/admet/filter',
    query: admetFilterSchema,
    response: admetFilterResponseSchema,
    csv: true,
    auth: true,
    tag: 'admet',
    summary: filterSummary,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admet/detail',
    query: admetDetailQuerySchema,
    response: admetDetailSchema,
    auth: true,
    tag: 'admet',
    summary: "One molecule's properties in the dialog's six groups (from the user's results, else predicted now).",
  }),  models: endpoint({
    method: 'GET',
    path: '/api/admet/models',
    response: admetModelCardSchema,
    auth: true,
    tag: 'admet',
    summary: "Per endpoint: the model's held-out metric, calibration, verdict thresholds and known limitation.",
  }),
};
