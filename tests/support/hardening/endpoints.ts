// Every endpoint the app serves, read from the Express router itself (not a hand-kept list), so a
// new route is covered by the hardening tests the moment it is added. A route is protected when
// the `signedIn` middleware (server/middleware/require-auth.ts) runs before its handler, either in
// the route's own stack or as middleware of an enclosing router. A router made on its first request
// (the local sandbox, server/app.ts's builtOnFirstUse) is made here first, then read.
import type { Express } from 'express';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as registered, e.g. `/api/transactions/manual/:id`. */
  path: string;
  /** `signedIn` guards it. */
  protected: boolean;
  /** `/api/...` (the app's API) or `/plaid-sandbox/...` (the local Plaid sandbox). */
  area: 'api' | 'sandbox';
}

interface Layer {
  name?: string;
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle?: { stack?: Layer[]; built?: () => Promise<{ stack?: Layer[] }> };
}

const GUARD = 'signedIn';

export async function listEndpoints(app: Express): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  const walk = async (stack: Layer[], prefix: string, guarded: boolean) => {
    let guardedHere = guarded;
    for (const layer of stack) {
      if (layer.route) {
        const isGuarded = guardedHere || layer.route.stack.some((l) => l.name === GUARD);
        const path = (prefix + layer.route.path).replace(/\/$/, '') || '/';
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || method === '_all') continue;
          out.push({
            method: method.toUpperCase() as Endpoint['method'],
            path,
            protected: isGuarded,
            area: path.startsWith('/plaid-sandbox') ? 'sandbox' : 'api',
          });
        }
      } else if (layer.handle?.stack || layer.handle?.built) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        const inner = layer.handle.stack ?? (await layer.handle.built!()).stack ?? [];
        await walk(inner, prefix + mount, guardedHere);
      } else if (layer.name === GUARD) guardedHere = true;
    }
  };
  // Express 5 keeps its router on `app.router`.
  await walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', false);
  return out.filter((e) => e.path.startsWith('/api') || e.path.startsWith('/plaid-sandbox'));
}

/** Fills `:name` parameters, e.g. `/api/transactions/manual/:id` with `{ id: '7' }`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? '1'));
}
