// Building blocks of the routes' `response` schemas: the serializer checks every answer against them
// (and drops fields nobody declared), and the OpenAPI document is generated from them.
import { apiErrorSchema } from '@reshelf/shared';
import { z } from 'zod';

/** Statuses a route may answer with the API's error shape, besides the 500 any route can. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The error answers of a route: each status with `{error, code, fields?}`, 500 always included. */
export function errors<const S extends ErrorStatus>(...statuses: S[]): { [K in S | 500]: typeof apiErrorSchema } {
  return Object.fromEntries([...statuses, 500].map((status) => [status, apiErrorSchema])) as { [K in S | 500]: typeof apiErrorSchema };
}

/** A 204: no body at all. */
export const noContent = z.undefined().describe('No content');

/** The errors of a JSON body: invalid (400), too large (413), not JSON (415); and a write from another site (403). */
export const JSON_BODY_ERRORS = [400, 403, 413, 415] as const;
