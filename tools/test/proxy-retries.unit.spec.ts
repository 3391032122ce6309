/**
 * The reverse proxies never send a request that may have reached an instance to the other one (review of issue 24):
 * the mobile app's offer is a GET that writes (`@ClaimInTurn`), and a write done twice is an offer placed twice.
 * HAProxy and nginx are not installed on the test machines: this reads deploy/haproxy.cfg and deploy/nginx.conf as
 * the proxies would, for what decides a resend (HAProxy's `retry-on`, nginx's `proxy_next_upstream` per location and
 * the map that sends writes to the location that never passes them on), and finds the API's command routes sent as
 * GETs in its controllers, so a new one the nginx map misses fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const haproxy = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
const nginx = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
const directives = (text: string) => text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter((l) => l !== '');

/** The GET routes of the API that are commands (`@Get(...)` and `@ClaimInTurn()` on one handler), as path patterns. */
function commandGets(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.controller.ts')) {
        const text = readFileSync(path, 'utf8');
        const prefix = /@Controller\('([^']*)'\)/.exec(text)?.[1] ?? '';
        // A handler's decorators: the lines between two blank-line-free runs of `@...` before a method.
        for (const block of text.split(/\n\s*\n/)) {
          const get = /@Get\('([^']*)'\)/.exec(block);
          if (get && block.includes('@ClaimInTurn()')) found.push(`/${prefix}/${get[1]}`.replace(/:[A-Za-z]+/g, 'X1'));
        }
      }
    }
  };
  walk(join(ROOT, 'apps/api/src'));
  return found;
}

describe('HAProxy (deploy/haproxy.cfg)', () => {
  it('retries only connections that failed before the request was sent', () => {
    const retryOn = directives(haproxy).filter((l) => l.startsWith('retry-on '));
    // Not empty-response, junk-response, response-timeout, a status, all-retryable-errors: each resends a request sent.
    expect(retryOn).toEqual(['retry-on conn-failure']);
  });
});

describe('nginx (deploy/nginx.conf)', () => {
  const lines = directives(nginx);
  const mapStart = lines.indexOf('map "$request_method $uri" $auction_write {');
  const map = (mapStart < 0 ? [] : lines.slice(mapStart + 1, lines.indexOf('}', mapStart))).map((l) => {
    const m = /^"([^"]+)"\s+(\d);$|^default\s+(\d);$/.exec(l);
    if (!m) throw new Error(`unexpected map line: ${l}`);
    return m[3] !== undefined ? { re: null, value: m[3] } : { re: new RegExp(m[1]!.replace(/^~/, '')), value: m[2]! };
  });
  /** What nginx's map gives: the first matching regex, else the default. */
  const isWrite = (method: string, uri: string) => (map.find((e) => e.re?.test(`${method} ${uri}`)) ?? map.find((e) => e.re === null))?.value === '1';
  const block = (header: string) => {
    const at = nginx.indexOf(header);
    return nginx.slice(at, nginx.indexOf('\n    }', at));
  };

  it('sends every write, and every command sent as a GET, to the location that never passes a request on', () => {
    const gets = commandGets();
    expect(gets).toContain('/api/v1/mobile/auction/X1/offer/X1');
    for (const path of gets) expect(`${path} ${isWrite('GET', path)}`).toBe(`${path} true`);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(isWrite(method, '/api/v1/secure/auction/X1')).toBe(true);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isWrite(method, '/api/v1/secure/auction/X1/offer/X1')).toBe(false);
    expect(isWrite('GET', '/api/v1/mobile/auction/X1/base')).toBe(false);
    expect(block('location / {')).toMatch(/if \(\$auction_write\) \{\s*rewrite \^ \/\.auction-write last;\s*\}/);
    const writes = directives(block('location = /.auction-write {'));
    expect(writes).toEqual(expect.arrayContaining(['internal;', 'proxy_next_upstream off;', 'proxy_pass http://auction_api$request_uri;']));
  });

  it('passes on reads only; no location allows a non-idempotent request to be sent again', () => {
    expect(lines.filter((l) => l.startsWith('proxy_next_upstream '))).toEqual(['proxy_next_upstream error timeout;', 'proxy_next_upstream off;']);
    expect(nginx).not.toMatch(/non_idempotent/);
  });
});
