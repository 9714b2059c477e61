import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One registered route: its method and Fastify path. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order (the authorisation matrix test is generated from it). */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is registered; call before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url });
  });
}
