import { readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_PATH, renderOpenApiDocument } from './document.ts';
import { API_DOC_PATH, withErrorTable } from './error-table.ts';

// `npm run openapi`: after a contract change, regenerates the checked-in OpenAPI document and the error table of docs/api.md.
writeFileSync(OPENAPI_PATH, await renderOpenApiDocument());
writeFileSync(API_DOC_PATH, withErrorTable(readFileSync(API_DOC_PATH, 'utf8')));
console.log(`wrote ${OPENAPI_PATH} and the error table of ${API_DOC_PATH}`);
