import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FirstScreenPage } from './app-page.js';
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

describe('serveWebClient: a page with its first screen (#22 speed)', () => {
  let dist: string;
  let fastify: FastifyInstance;
  const warnings: string[] = [];
  const pages: FirstScreenPage[] = [{
    path: /^\/live-auction\/([^/?#]+)\/?$/,
    render: async (_request, match) => {
      if (match[1] === 'boom') throw new Error('the API failed');
      if (match[1] === 'none') return null;
      return { answers: { user: { url: '/api/v1/secure/user', status: 200, body: '{"n":"</script>$&"}' } }, html: '<p>lots $& $1</p>', language: 'de', preloadImages: ['/img?a=1&b="2"'] };
    },
  }];
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-client-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>\n<html lang="en">\n<head>\n<script type="module" src="/assets/index-1.js"></script>\n'
      + '<link rel="stylesheet" crossorigin href="/assets/a-1.css">\n<link rel="stylesheet" crossorigin href="/assets/b-1.css">\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n');
    writeFileSync(join(dist, 'assets', 'a-1.css'), '.a{color:red}');
    writeFileSync(join(dist, 'assets', 'b-1.css'), '.b{content:"$&"}');
    fastify = Fastify();
    await serveWebClient(fastify, dist, { pages, warn: (message) => warnings.push(message) });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('inlines the stylesheets (allowed by their hash), writes the answers, the first screen and the preloads as given', async () => {
    const answer = await fastify.inject({ method: 'GET', url: '/live-auction/A1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.body;
    const style = '.a{color:red}\n.b{content:"$&"}';
    expect(html).toContain(`<style>${style}</style>`);
    expect(answer.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<link rel="preload" as="image" href="/img?a=1&amp;b=&quot;2&quot;" fetchpriority="high">');
    expect(html).toContain('<div id="first-screen"><p>lots $& $1</p></div>');
    expect(html).toContain('<script type="application/json" id="early-answers">{"user":{"url":"/api/v1/secure/user","status":200,"body":"{\\"n\\":\\"\\u003c/script>$&\\"}"}}</script>');
    // The stylesheet links moved after the first screen, so that they do not hold its paint.
    expect(html.indexOf('href="/assets/a-1.css"')).toBeGreaterThan(html.indexOf('id="first-screen"'));
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="stylesheet"');
  });

  it('sends the plain page when the page has nothing to draw or its drawing fails, and says why in the log', async () => {
    for (const id of ['none', 'boom']) {
      const answer = await fastify.inject({ method: 'GET', url: `/live-auction/${id}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).not.toContain('first-screen');
      expect(answer.body).toContain('<link rel="stylesheet" crossorigin href="/assets/a-1.css">');
    }
    expect(warnings).toEqual(['first screen of /live-auction/boom not drawn: the plain page is sent']);
  });

  it('lets a drawn page connect to its own origin only, or also to connectTo\'s (the live edge on Mosquitto)', async () => {
    const policy = async (server: FastifyInstance) => String((await server.inject({ method: 'GET', url: '/live-auction/A1' })).headers['content-security-policy']);
    expect(await policy(fastify)).toContain("connect-src 'self';");
    const edge = Fastify();
    await serveWebClient(edge, dist, { pages, connectTo: ['ws://127.0.0.1:9001'] });
    await edge.ready();
    try {
      expect(await policy(edge)).toContain("connect-src 'self' ws://127.0.0.1:9001;");
    } finally {
      await edge.close();
    }
  });
});
