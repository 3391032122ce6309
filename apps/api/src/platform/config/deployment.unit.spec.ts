/**
 * The shipped server stack holds no known secret: docker-compose.yml takes every secret from the environment and
 * refuses to start without it, publishes the internal services on loopback only and runs without demo data; the API
 * itself refuses a short or placeholder SESSION_SECRET.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadConfig } from './app-config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const text = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(text) as { services: Record<string, { environment?: Record<string, string>; ports?: string[] }> };
const SECRETS = ['SESSION_SECRET', 'POSTGRES_PASSWORD', 'MQTT_API_PASSWORD', 'MQTT_PASSWORD'];

describe('docker-compose.yml', () => {
  it('takes every secret from the environment and fails without it (${VAR:?...})', () => {
    const found: [string, string, string][] = [];
    for (const [service, def] of Object.entries(compose.services)) {
      for (const [name, value] of Object.entries(def.environment ?? {})) {
        if (SECRETS.includes(name)) found.push([service, name, String(value)]);
      }
    }
    expect(found.map(([s, n]) => `${s}.${n}`)).toEqual(expect.arrayContaining(['api.SESSION_SECRET', 'postgres.POSTGRES_PASSWORD', 'mosquitto.MQTT_API_PASSWORD', 'api.MQTT_PASSWORD']));
    for (const [service, name, value] of found) expect([service, name, value]).toEqual([service, name, expect.stringMatching(/^\$\{[A-Z_]+:\?[^}]+\}$/)]);
    expect(compose.services.api!.environment!.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
  });

  it('has no default for a secret anywhere (no ${VAR:-value} of a secret, no known development password)', () => {
    expect(text).not.toMatch(/\$\{(SESSION_SECRET|POSTGRES_PASSWORD|MQTT_API_PASSWORD):-/);
    expect(text).not.toMatch(/change-me|auction-api-dev|POSTGRES_PASSWORD: postgres\b/);
  });

  it('publishes PostgreSQL, Kafka and Mosquitto on loopback only', () => {
    for (const service of ['postgres', 'kafka', 'mosquitto']) {
      for (const port of compose.services[service]!.ports ?? []) expect(`${service} ${port}`).toMatch(new RegExp(`^${service} 127\\.0\\.0\\.1:`));
    }
  });

  it('runs without demo data', () => {
    expect(compose.services.api!.environment!.DEMO_DATA).toBe('false');
  });
});

describe('SESSION_SECRET', () => {
  it.each([
    ['change-me-to-a-long-random-secret'],
    ['short-but-random-x9'],
    ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['my-session-secret-is-long-enough-now-ok'],
  ])('refuses %s', (secret) => {
    expect(() => loadConfig({ SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
  });

  it('accepts a random one', () => {
    expect(loadConfig({ SESSION_SECRET: 'q7Vx3JkR9mZt2LwP8nYc4HbF6sDg1AeU0oKiTr5' }).sessionSecret).toBe('q7Vx3JkR9mZt2LwP8nYc4HbF6sDg1AeU0oKiTr5');
  });
});

describe('the test-only crash hook (TEST_CRASH_AT)', () => {
  it('is refused unless NODE_ENV=test: one variable must not be able to kill a real deployment', () => {
    expect(() => loadConfig({ TEST_CRASH_AT: 'personal-change:after-event' })).toThrow(/TEST_CRASH_AT: a test hook/);
    expect(() => loadConfig({ TEST_CRASH_AT: 'personal-change:after-event', NODE_ENV: 'production' })).toThrow(/TEST_CRASH_AT/);
    expect(() => loadConfig({ TEST_CRASH_AT: 'personal-change:after-event', NODE_ENV: 'test' })).not.toThrow();
  });
});

describe('PGLITE_SHARED_BUFFERS', () => {
  it('is 16MB unless set, takes a PostgreSQL size, and refuses anything else before it reaches PGlite\'s command line', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    for (const bad of ['16', '16mb', '0MB', '16MB -c fsync=off', '']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });

  it('refuses sizes PGlite cannot start with (it would only say "failed to initialize properly"), keeps the bounds', () => {
    for (const bad of ['1kB', '100kB', '127kB', '2GB', '2048MB', '9999999GB']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS: between 128kB and 1GB/);
    }
    for (const good of ['128kB', '1GB', '1024MB']) expect(loadConfig({ PGLITE_SHARED_BUFFERS: good }).pgliteSharedBuffers).toBe(good);
  });
});

describe('MALLOC_MMAP_THRESHOLD_ (glibc\'s, set by npm start)', () => {
  it('is taken as glibc takes it, and refused when glibc would ignore it without a word', () => {
    expect(() => loadConfig({})).not.toThrow();
    for (const good of ['0', '131072', '1048576', '33554432']) expect(() => loadConfig({ MALLOC_MMAP_THRESHOLD_: good })).not.toThrow();
    for (const bad of ['', '128k', '-1', '1.5', '33554433', '9999999999', '131072 ']) {
      expect(() => loadConfig({ MALLOC_MMAP_THRESHOLD_: bad })).toThrow(/MALLOC_MMAP_THRESHOLD_: (a whole number of bytes|at most 33554432)/);
    }
  });

  it('is set by npm start (unless already set), so the bench and docker-compose, which run its command, have it too', () => {
    const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start'];
    const m = /\bMALLOC_MMAP_THRESHOLD_=\$\{MALLOC_MMAP_THRESHOLD_:-([0-9]+)\}/.exec(start ?? '');
    expect(m).not.toBeNull();
    expect(() => loadConfig({ MALLOC_MMAP_THRESHOLD_: m![1] })).not.toThrow();
  });

  it('reaches every API of docker-compose.yml, the one started with node too, and a value the user set wins', () => {
    const services = parse(text, { merge: true }) as { services: Record<string, { command?: string; environment?: Record<string, string> }> };
    const apis = Object.entries(services.services).filter(([, def]) => /apps\/api\/dist\/main\.js|npm start/.test(String(def.command ?? '')));
    expect(apis.map(([name]) => name)).toEqual(expect.arrayContaining(['api', 'api2']));
    for (const [name, def] of apis) {
      // npm start sets it itself; compose must still pass on the user's own value, as it does MALLOC_ARENA_MAX.
      expect([name, def.environment?.['MALLOC_MMAP_THRESHOLD_']]).toEqual([name, '${MALLOC_MMAP_THRESHOLD_:-1048576}']);
    }
  });
});
