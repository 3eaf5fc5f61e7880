import { z } from 'zod';
import { csvPageQuerySchema, csvPageSchema, dataFileSchema, fileListQuerySchema, renameBodySchema, smilesFileBodySchema, uploadFormSchema } from '../files.ts';
import { idParamsSchema } from '../ids.ts';
import { downloadBody, endpoint } from './endpoint.ts';

export const fileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/files',
    query: fileListQuerySchema,
    response: z.array(dataFileSchema),
    auth: true,
    tag: 'files',
    summary: "The user's data-center files, of one type or all.",
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/files',
    body: uploadFormSchema,
    reads: 'multipart',
    response: dataFileSchema,
    auth: true,
    tag: 'files',
    summary: 'Uploads one data-center file (the extension must fit the type; at most 100 MiB).',
  }),
  smiles: endpoint({
    method: 'POST',
    path: '/api/files/smiles',
    body: smilesFileBodySchema,
    response: dataFileSchema,
    auth: true,
    tag: 'files',
    summary: 'Saves typed SMILES lines as a CSV data-center file.',
  }),
  csvPage: endpoint({
    method: 'GET',
    path: '/api/files/csvpage',
    query: csvPageQuerySchema,
    response: csvPageSchema,
    auth: true,
    tag: 'files',
    summary: "A page of a CSV file's SMILES rows.",
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/files/:id/download',
    params: idParamsSchema,
    response: downloadBody,
    answers: 'download',
    auth: true,
    tag: 'files',
    summary: 'The file itself.',
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/files/:id', params: idParamsSchema, response: z.null(), auth: true, tag: 'files', summary: 'Deletes a data-center file.' }),
  rename: endpoint({ method: 'POST', path: '/api/files/rename', body: renameBodySchema, response: z.null(), auth: true, tag: 'files', summary: 'Renames a data-center file.' }),
};
