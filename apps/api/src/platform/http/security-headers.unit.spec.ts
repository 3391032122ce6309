import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { connectSources, contentSecurityPolicy, secureHeaders } from './security-headers.js';

/**
 * The headers every answer carries, exactly (written from what @fastify/helmet 13.2 with helmet 8.3 sent for these
 * options, before the middleware was built once: issue 25 item 3). A header added, dropped or changed fails here.
 */
const EXPECTED: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy().replace(/; /g, ';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const securityHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, headers[name]]));

describe('secureHeaders', () => {
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fastify = Fastify();
    await secureHeaders(fastify);
    fastify.get('/json', async () => ({ ok: true }));
    fastify.get('/boom', async () => { throw Object.assign(new Error('no'), { statusCode: 409 }); });
    fastify.get('/own-policy', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    fastify.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<html><script>go()</script></html>'));
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('puts the same security headers on every answer: a JSON answer, an error, an unknown path', async () => {
    for (const url of ['/json', '/boom', '/nowhere']) {
      const answer = await fastify.inject({ method: 'GET', url });
      expect([url, securityHeaders(answer.headers)]).toEqual([url, EXPECTED]);
      const others = Object.keys(answer.headers).filter((name) => !(name in EXPECTED)).sort();
      expect([url, others]).toEqual([url, ['connection', 'content-length', 'content-type', 'date']]);
    }
  });

  it('lets a route set its own policy, and allows a page\'s inline scripts by hash', async () => {
    expect((await fastify.inject({ method: 'GET', url: '/own-policy' })).headers['content-security-policy']).toBe("default-src 'none'");
    const docs = (await fastify.inject({ method: 'GET', url: '/api/docs' })).headers['content-security-policy'];
    expect(docs).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(docs).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('with connectTo (the live edge\'s origin), every answer\'s policy lets the pages connect there too, and nothing else changes', async () => {
    const edge = Fastify();
    await secureHeaders(edge, { connectTo: ['wss://live.example.com'] });
    edge.get('/json', async () => ({ ok: true }));
    edge.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<html><script>go()</script></html>'));
    await edge.ready();
    try {
      const policy = (await edge.inject({ method: 'GET', url: '/json' })).headers['content-security-policy'];
      expect(policy).toBe(contentSecurityPolicy(connectSources(['wss://live.example.com'])).replace(/; /g, ';'));
      expect(policy).toContain("connect-src 'self' wss://live.example.com;");
      expect(String(policy).replace(" wss://live.example.com", '')).toBe(EXPECTED['content-security-policy']);
      expect((await edge.inject({ method: 'GET', url: '/api/docs' })).headers['content-security-policy']).toContain("connect-src 'self' wss://live.example.com;");
    } finally {
      await edge.close();
    }
  });
});
