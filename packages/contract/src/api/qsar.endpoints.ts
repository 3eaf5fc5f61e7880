import { z } from 'zod';
import { qsarModelRenameSchema, qsarModelSchema, qsarTableFormSchema, qsarTableSchema, tunaIdParamsSchema } from '../qsar.ts';
import { downloadBody, endpoint } from './endpoint.ts';

export const qsarEndpoints = {
  /** The spec's call (document 2, section 7): the table's column names. */
  headers: endpoint({
    method: 'POST',
    path: '/api/qsartuna/headers',
    body: qsarTableFormSchema,
    reads: 'multipart',
    response: z.array(z.string()),
    auth: true,
    tag: 'qsar',
    summary: "A training table's column names (for an .sdf: `@structure`, the record's own molecule, then its SD properties).",
  }),
  inspect: endpoint({
    method: 'POST',
    path: '/api/qsartuna/inspect',
    body: qsarTableFormSchema,
    reads: 'multipart',
    response: qsarTableSchema,
    auth: true,
    tag: 'qsar',
    summary: "A training table's columns with what they hold, and the proposed SMILES column, label column and mode.",
  }),
  models: endpoint({
    method: 'GET',
    path: '/api/qsartuna/models',
    response: z.array(qsarModelSchema),
    auth: true,
    tag: 'qsar',
    summary: "The user's QSAR model registry, newest first.",
  }),
  model: endpoint({
    method: 'GET',
    path: '/api/qsartuna/models/:id',
    params: tunaIdParamsSchema,
    response: qsarModelSchema,
    auth: true,
    tag: 'qsar',
    summary: 'One model with its model card.',
  }),
  rename: endpoint({
    method: 'POST',
    path: '/api/qsartuna/models/rename',
    body: qsarModelRenameSchema,
    response: z.null(),
    auth: true,
    tag: 'qsar',
    summary: 'Renames a model.',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/qsartuna/models/:id',
    params: tunaIdParamsSchema,
    response: z.null(),
    auth: true,
    tag: 'qsar',
    summary: 'Takes a model out of the registry (its build stays in the task history).',
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/qsartuna/models/:id/download',
    params: tunaIdParamsSchema,
    response: downloadBody,
    answers: 'download',
    auth: true,
    tag: 'qsar',
    summary: 'The model file: gzip JSON with its descriptors, estimator state and card, no pickled code (docs/models/qsar.md).',
  }),
};
