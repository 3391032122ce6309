import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveWebClient } from './web-client.js';

/** A built client on disk: the entry page and one hashed chunk. */
function builtClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-client-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-new.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-new.js'), 'export {};');
  return dist;
}

describe('serveWebClient (#21 item 15)', () => {
  let dist: string;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    dist = builtClient();
    fastify = Fastify();
    await serveWebClient(fastify, dist);
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a chunk of the build, cached for good', async () => {
    const answer = await fastify.inject({ method: 'GET', url: '/assets/index-new.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 (never the app page with 200) for a chunk of another build, so the old tab knows and reloads', async () => {
    for (const url of ['/assets/LiveAuction-0ld.js', '/assets/index-0ld.css', '/assets/nested/x.js', '/assets/']) {
      const answer = await fastify.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).not.toContain('<script');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('opens the app for a deep link, with no-cache', async () => {
    const answer = await fastify.inject({ method: 'GET', url: '/live-auction/abc' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('/assets/index-new.js');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});
