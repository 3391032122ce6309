/**
 * Health and readiness through HTTP on the built server, embedded default (issue 24 item 6): `/api/ready` is 200 with the
 * instance and the shards it writes (the embedded SoleWriter owns them all), public, not cached, and described in the
 * OpenAPI with its 503; `/api/health` names the instance and its writer shards.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type RunningServer, type ServerStorage, createStorage, startServer } from '../../testing/server.test-support.js';

describe('health and readiness (embedded)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage, { INSTANCE_ID: 'api-ready-e2e' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('/api/ready: 503 with the reasons until the live channel started (after /api/health), then 200, no login needed', async () => {
    // startServer returned on the first 200 of /api/health: the listener is open, the live channel starts just after.
    const deadline = Date.now() + 30_000;
    let res = await fetch(`${server!.baseUrl}/api/ready`);
    while (res.status === 503 && Date.now() < deadline) {
      expect(await res.json()).toMatchObject({ ready: false, reasons: ['live-not-started'], instanceId: 'api-ready-e2e' });
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${server!.baseUrl}/api/ready`);
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ ready: true, reasons: [], instanceId: 'api-ready-e2e', writer: { ready: true, shards: 1, ownedShards: 1, owned: [0] } });
    expect(body.engineIndexPosition).toEqual(expect.any(Number));
  });

  test('/api/health: 200 with the instance id and its writer shards', async () => {
    const res = await fetch(`${server!.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', mode: 'embedded', instanceId: 'api-ready-e2e', writer: { ready: true, shards: 1, ownedShards: 1 } });
  });

  test('the OpenAPI describes /api/ready as public, with its 200 and 503 answers', async () => {
    const doc = await (await fetch(`${server!.baseUrl}/api/docs-json`)).json() as { paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>> };
    const ready = doc.paths['/api/ready']?.get;
    expect(ready).toBeDefined();
    expect(ready!.security).toBeUndefined();
    expect(Object.keys(ready!.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});
