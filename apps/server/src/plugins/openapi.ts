// GET /api/v1/openapi.json: the OpenAPI 3.1 document of every route, generated from the same zod schemas
// the routes validate their input with and check their answers against, so it cannot drift from them.
// Registered before the routes: @fastify/swagger collects each route as it is added.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../lib/route-schemas.ts';
import { SESSION_COOKIE } from './session.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** A request body in a form the route's own schema cannot declare (read by the handler): JSON Schema or zod, per content type. */
type DocumentedBody = Record<string, z.ZodType | Record<string, unknown>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the document shows a body the handler reads itself (uploads); the route still checks it. */
    requestBody?: DocumentedBody;
  }
}

/** What an error status means on any route (the body is always the ApiError shape). */
const ERROR_MEANINGS: Record<string, string> = {
  400: 'Invalid input: `error` is the first failing rule, `fields` one message per field',
  401: 'Not signed in (or wrong credentials)',
  403: 'Signed in but not allowed, or a write from another site (code CSRF)',
  404: 'Not found, or not yours to see',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'Unsupported content type',
  422: 'An Idempotency-Key reused with a different request',
  429: 'Rate limited: retry after the Retry-After header',
  500: 'Something went wrong on our side (no details)',
  503: 'Not ready',
};

const documentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .describe('This document');

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/** Drops the input copies of named schemas that no request uses (every named schema is an answer's). */
function withoutUnusedInputs<T extends { components?: { schemas?: Record<string, unknown> } }>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Reshelf API',
        version: '1',
        description:
          'Second-hand textbooks, student to student. Errors are always {error, code, fields?}; lists are {items, total, page, pageSize}. docs/api.md in the repository explains what a schema cannot say: cookies, cross-site protection, idempotency, paging, rate limits.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/v1/auth/login' } },
      },
    },
    transform(input) {
      const { schema, url } = jsonSchemaTransform(input);
      const route = input.route;
      if (!schema || schema.hide) return { schema, url };
      // Grouped by the first part of the path: auth, books, orders, admin, ...; /healthz and /readyz as health.
      const tag = url.startsWith('/api/v1/') ? url.split('/')[3]!.replace(/\.json$/, '') : 'health';
      const out: Record<string, unknown> = { ...schema, tags: [tag] };
      if (route.config?.access) out.security = [{ session: [] }];
      if (route.config?.requestBody) {
        const content: Record<string, { schema: unknown }> = {};
        for (const [type, body] of Object.entries(route.config.requestBody)) {
          content[type] = { schema: isZod(body) ? z.toJSONSchema(body, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) : body };
        }
        out.body = { content };
      }
      const responses = schema.response as Record<string, Record<string, unknown>> | undefined;
      if (responses) {
        for (const [status, response] of Object.entries(responses)) {
          const meaning = ERROR_MEANINGS[status];
          if (meaning && !response.description) responses[status] = { ...response, description: meaning };
        }
      }
      return { schema: out, url };
    },
    transformObject: (input) => withoutUnusedInputs(jsonSchemaTransformObject(input) as ReturnType<typeof jsonSchemaTransformObject> & { components?: { schemas?: Record<string, unknown> } }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(OPENAPI_PATH, { schema: { response: { 200: documentSchema, ...errors() } } }, async () => app.swagger() as z.output<typeof documentSchema>);
});
