// Every route the app registers, for suites that must cover all of them (cross-site writes, the access
// matrix, fuzzing). A test file wraps Fastify's factory with `collectRoutes` through vi.mock, so an
// `onRoute` hook sees each route as the real app registers it: a new endpoint shows up by itself.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CollectedRoute {
  method: string;
  url: string;
  /** The route validates a JSON body, query or params with a schema. */
  schema: { body: boolean; querystring: boolean; params: boolean };
  websocket: boolean;
  /** Kept out of the OpenAPI document (pages, files). */
  hidden: boolean;
  /** Who may call it (`config.access`), if not anyone. */
  access: string | undefined;
}

const seen = new Map<string, CollectedRoute>();

/** Wraps the `fastify` module's factory so every app it builds reports its routes here. */
export function collectRoutes<M extends { default: (...args: never[]) => FastifyInstance }>(mod: M): M {
  const factory = mod.default;
  const wrapped = ((...args: never[]) => {
    const app = factory(...args);
    app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean; schema?: { hide?: boolean } }) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${route.url}`;
        seen.set(key, {
          method,
          url: route.url,
          schema: { body: Boolean(route.schema?.body), querystring: Boolean(route.schema?.querystring), params: Boolean(route.schema?.params) },
          websocket: Boolean(route.websocket),
          hidden: Boolean(route.schema?.hide),
          access: route.config?.access,
        });
      }
    });
    return app;
  }) as unknown as M['default'];
  Object.assign(wrapped, factory);
  return { ...mod, default: wrapped };
}

/** The routes seen so far (build an app first), sorted by path then method. */
export function collectedRoutes(): CollectedRoute[] {
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

export const routeKey = (r: Pick<CollectedRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
