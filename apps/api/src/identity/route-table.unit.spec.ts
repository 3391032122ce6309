/**
 * Every route the API serves is in the OpenAPI description, with the same access: the bypass test
 * (route-access.e2e.spec.ts) is generated from that description, so a route missing from it would go untested.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ALL_CONTROLLERS } from '../app.module.js';
import { openApiDocument } from '../platform/docs/openapi.js';
import { routeAccess } from './auth.guard.js';

const METHODS: Record<number, string> = {
  [RequestMethod.GET]: 'get', [RequestMethod.POST]: 'post', [RequestMethod.PUT]: 'put', [RequestMethod.PATCH]: 'patch', [RequestMethod.DELETE]: 'delete',
};

interface ServedRoute { method: string; path: string; public: boolean; tokenOnly: boolean }

/** The routes of every controller of the API module, read from their Nest metadata. */
function servedRoutes(): ServedRoute[] {
  const controllers: readonly object[] = ALL_CONTROLLERS;
  const reflector = new Reflector();
  const routes: ServedRoute[] = [];
  for (const controller of controllers) {
    const prefix = String(Reflect.getMetadata('path', controller) ?? '');
    const proto = (controller as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata('method', handler) as number | undefined;
      const path = Reflect.getMetadata('path', handler) as string | undefined;
      if (method === undefined || path === undefined) continue;
      const full = `/${[prefix, path].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:(\w+)/g, '{$1}');
      const access = routeAccess(reflector, [handler as Function, controller as Function]);
      routes.push({ method: METHODS[method] ?? `method ${method}`, path: full, public: access.public, tokenOnly: access.tokenOnly });
    }
  }
  return routes;
}

describe('route table', () => {
  const routes = servedRoutes();
  const paths = openApiDocument().paths as Record<string, Record<string, { security?: unknown[] }>>;

  it('finds the routes of every controller', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'get', path: '/api/v1/admin/events/log', public: false, tokenOnly: false });
    expect(routes).toContainEqual({ method: 'post', path: '/api/v1/open/login', public: true, tokenOnly: false });
  });

  it('states the rules every call follows in the description (exact JSON, the range of instants, access beyond the role)', () => {
    const description = (openApiDocument().info as { description: string }).description;
    // (Every code is also in the description's list of codes: the phrases are the rules.)
    for (const rule of ['a key written twice in one object is 400030', 'is 400031, never rounded', 'years 0001 to 9999', 'is not enabled gets 403004', 'outside its adminEnabledMarket gets 403021']) expect(description).toContain(rule);
  });

  it('describes every served route in the OpenAPI description', () => {
    const missing = routes.filter((r) => !paths[r.path]?.[r.method]).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('marks a route as needing a login in OpenAPI exactly when the guard requires one', () => {
    const wrong = routes
      .filter((r) => paths[r.path]?.[r.method])
      .filter((r) => (paths[r.path]![r.method]!.security !== undefined) === r.public)
      .map((r) => `${r.method.toUpperCase()} ${r.path} (public: ${r.public})`);
    expect(wrong).toEqual([]);
  });

  // The session checks answer `null` without a session (spec 01 §7: "returns user or null", no error popup).
  it('serves nothing public under /secure, /admin or /mobile but the mobile login and the two session checks', () => {
    const open = routes.filter((r) => r.public && /^\/api\/v1\/(secure|admin|mobile)\//.test(r.path)).map((r) => r.path).sort();
    expect(open).toEqual(['/api/v1/mobile/logged', '/api/v1/mobile/token', '/api/v1/secure/logged']);
  });

  it('authenticates every /mobile route but the login by the token header only', () => {
    const mobile = routes.filter((r) => r.path.startsWith('/api/v1/mobile/') && !r.public);
    expect(mobile.length).toBeGreaterThan(0);
    expect(mobile.filter((r) => !r.tokenOnly)).toEqual([]);
  });
});
