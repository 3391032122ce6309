/**
 * A login's answer time must not tell whether the username exists: an unknown name costs one scrypt as a known
 * one with a wrong password does (before, it answered in ~2 ms against ~40 ms). Each try uses another name, so no
 * account lockout answers early; every answer must be a 401.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

const TRIES = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('login timing (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    // Failed logins of one address are limited; this test makes ~25 on purpose.
    server = await startServer(storage, { LOGIN_ADDRESS_MAX_FAILURES: '1000', LOGIN_ADDRESS_MAX_ATTEMPTS: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  it('answers a wrong password as slowly for an unknown username as for a known one', async () => {
    const client = ApiClient.anonymous(server.baseUrl);
    const attempt = async (username: string) => {
      const started = performance.now();
      const res = await client.post('/api/v1/mobile/token', { body: { username, password: 'not-the-password' } });
      const ms = performance.now() - started;
      expect(res.status).toBe(401);
      return ms;
    };
    // Warm-up: first calls pay for JIT and connections.
    await attempt('warm-up-unknown');
    await attempt('dealer60');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 1; i <= TRIES; i++) {
      unknown.push(await attempt(`nobody-${i}-${Date.now().toString(36)}`));
      known.push(await attempt(`dealer${i}`));
    }
    const ratio = median(unknown) / median(known);
    process.stdout.write(
      `login timing: median unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms, ratio ${ratio.toFixed(2)}\n`
      + `  unknown: ${unknown.map((m) => m.toFixed(1)).join(' ')}\n  known:   ${known.map((m) => m.toFixed(1)).join(' ')}\n`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
