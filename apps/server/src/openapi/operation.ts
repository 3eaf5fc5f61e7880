import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { envelopeOf, type Endpoint } from '@yunyao/contract';

/**
 * The OpenAPI operation of one route, from its contract endpoint rather than from Fastify's
 * schema: the contract also knows what the validator never sees (multipart forms) and what
 * the serialiser never touches (downloads, CSV exports).
 */

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
}

const binary = { type: 'string', format: 'binary' };

function responseOf(e: Endpoint): JsonSchema {
  if (e.answers === 'download') return { description: e.summary, content: { 'application/octet-stream': { schema: binary } } };
  const json = e.answers === 'raw-json' ? e.response : envelopeOf(e.response);
  const content: JsonSchema = { 'application/json': { schema: jsonSchemaOf(json, 'output') } };
  if (e.csv) content['text/csv'] = { schema: binary };
  return { description: e.csv ? 'JSON, or with `type=csv` a CSV download' : 'Success', content };
}

export function operationOf(e: Endpoint): JsonSchema {
  return {
    summary: e.summary,
    tags: [e.tag],
    ...(e.auth ? { security: [{ bearer: [] }] } : {}),
    ...(e.params ? { params: jsonSchemaOf(e.params, 'input') } : {}),
    ...(e.query ? { querystring: jsonSchemaOf(e.query, 'input') } : {}),
    ...(e.body ? { body: jsonSchemaOf(e.body, 'input') } : {}),
    ...(e.reads === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response: { 200: responseOf(e) },
  };
}

/** @fastify/swagger's transform: every route documents the endpoint it was registered from. */
export const endpointTransform: SwaggerTransform = ({ url, route }) => {
  const e = route.config?.endpoint;
  if (!e || e.hidden) return { schema: { hide: true }, url };
  return { schema: operationOf(e), url };
};
