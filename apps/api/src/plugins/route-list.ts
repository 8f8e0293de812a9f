import type { FastifyInstance } from "fastify";

export interface ListedRoute {
  method: string;
  url: string;
  /** the route's validation schemas (zod), where it declares them */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module "fastify" {
  interface FastifyInstance {
    /** every route registered on this listener, in registration order (HEAD twins of GET left out) */
    routeList: ListedRoute[];
  }
}

/**
 * Records every route as it is registered, child scopes included, so that walks over "every route
 * of this listener" (the fuzz suite, the documentation checks) read what is really served rather
 * than a list kept by hand. Must be registered before the first route.
 */
export function registerRouteList(app: FastifyInstance) {
  const list: ListedRoute[] = [];
  app.decorate("routeList", list);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== "HEAD") list.push({ method, url: route.url, schema: route.schema });
  });
}
