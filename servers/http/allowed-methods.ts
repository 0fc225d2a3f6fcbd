// Which methods each path has, learnt from the routes as they are registered,
// so that a request whose method its path lacks is answered 405 with an Allow
// header naming those it has (RFC 9110 §15.5.6), and only a path no route has
// is a 404. Paths are matched as the router matches them: static segments after
// percent-decoding, `:param` as any one segment (even empty), a final `*` as the rest.
import type { HttpError } from './errors.ts';

/** Allow lists the usual methods in this order, then any other alphabetically. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type Segment = { literal: string } | 'param' | 'rest';

interface Route {
  methods: readonly string[];
  segments: readonly Segment[];
}

function segmentsOf(url: string): Segment[] {
  return url.split('/').map((s) => (s === '*' ? 'rest' : s.startsWith(':') ? 'param' : { literal: s }));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matches(route: readonly Segment[], path: readonly string[]): boolean {
  for (let i = 0; i < route.length; i++) {
    const segment = route[i]!;
    if (segment === 'rest') return path.length >= i;
    if (i >= path.length) return false;
    if (segment !== 'param' && segment.literal !== decoded(path[i]!)) return false;
  }
  return route.length === path.length;
}

const rank = (method: string) => {
  const at = ORDER.indexOf(method);
  return at < 0 ? ORDER.length : at;
};

export interface RouteMethods {
  /** Note a route as it is registered (Fastify's onRoute: `url` has its prefix). */
  add(route: { method: string | string[]; url: string }): void;
  /** The methods some route answers at a request path (its query ignored), in Allow's order; none: no route has the path. */
  allowedAt(path: string): string[];
}

export function createRouteMethods(): RouteMethods {
  const routes: Route[] = [];
  return {
    add({ method, url }) {
      routes.push({ methods: Array.isArray(method) ? method : [method], segments: segmentsOf(url) });
    },
    allowedAt(path) {
      const parts = (path.split('?')[0] ?? '').split('/');
      const allowed = new Set<string>();
      for (const route of routes) if (matches(route.segments, parts)) for (const m of route.methods) allowed.add(m);
      return [...allowed].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
    },
  };
}

/** The refusal of a method its path does not have; its Allow header lists `allowed`. */
export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): HttpError {
  return {
    status: 405,
    name: 'method_not_allowed',
    message: `${method} is not allowed on ${path.split('?')[0]}: it allows ${allowed.join(', ')}`,
  };
}
