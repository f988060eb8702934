import type { FastifyInstance } from 'fastify';
import type { Access, RouteContract, StricterAccess } from '@b2b/contracts/http/route';

export interface RouteEntry {
  method: string;
  url: string;
  /** The access its contract declares; undefined for a route not registered from a contract. */
  access: Access | undefined;
  stricter?: StricterAccess;
  form: boolean;
  /** Whether the route reads a body: false for a contract without one, undefined for a route without a contract. */
  body: boolean | undefined;
  /** The contract it was registered from (its schemas: the generated suites send each field what it must refuse). */
  contract?: RouteContract;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered: the route-table tests and the generated security suite read it. */
    routeTable: RouteEntry[];
  }
}

/** Records each route as it is registered (call before any route). */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: options.url,
        access: options.config?.access,
        stricter: options.config?.stricter,
        form: Boolean(options.config?.form),
        body: options.config?.body,
        contract: options.config?.contract,
      });
    }
  });
}
