import type { RouteConfig, createRoute as createRouteOfLibrary } from '@hono/zod-openapi';

/**
 * `createRoute` of @hono/zod-openapi for the browser bundle: the route files of
 * packages/contract/src/*.routes.ts call it, and apps/web/vite.config.ts points the client's
 * '@hono/zod-openapi' here, so that the client does not bundle the library's OpenAPI generator
 * (@asteasolutions/zod-to-openapi) and Hono's validator, which only the API uses. Same behaviour
 * as the library's (node_modules/@hono/zod-openapi/dist/index.mjs): the route config, plus a
 * non-enumerable `getRoutingPath()` giving the path in Hono's syntax ('/v2/x/{id}' → '/v2/x/:id').
 * Types come from the library (TypeScript does not see the alias).
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(routeConfig: R): ReturnType<typeof createRouteOfLibrary<P, R>> {
  const route = {
    ...routeConfig,
    getRoutingPath() {
      return routeConfig.path.replaceAll(/\/{(.+?)}/g, '/:$1');
    },
  };
  return Object.defineProperty(route, 'getRoutingPath', { enumerable: false }) as ReturnType<typeof createRouteOfLibrary<P, R>>;
}
