/**
 * The README's "Run it in production" section, followed (issue 24 item 6): its ```sh production blocks run as one
 * script on this machine's PostgreSQL, Kafka and Mosquitto (DATABASE_URL, KAFKA_BROKERS, MQTT_*: `npm test`, or
 * `source /work/logs/infra.env`), on a fresh database, with its own folder and ports, demo data (password Demo#2026!, the default): two API instances (3961, 3962)
 * and HAProxy from tools/infra (on a free port; installed with apt-get when missing). Through the proxy: /api/ready, a dealer's
 * sign-in and GET, the live channel's WebSocket upgrades (socket.io and MQTT); then one instance is SIGKILLed and
 * requests through the proxy must all succeed again within 5 s; then the README's roll block starts it again and rolls the other
 * (SIGTERM, start) while requests go through the proxy, none failing; its stop block stops everything. Every process started is stopped by its pid.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DEMO_PASSWORD } from '../platform/config/security-config.js';
import { ApiClient, type ServerStorage, createStorage, freePort, sleep } from '../testing/server.test-support.js';
import { LiveSocketRecorder, tryConnect } from '../testing/live.test-support.js';
import { shellBlocks } from './readme-blocks.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PORTS = [3961, 3962];
/**
 * The proxy's address, on a port free when the test starts: a fixed one in the ephemeral range (58080) was once taken by
 * another process's connection and HAProxy could not bind it (fresh-clone run 43).
 */
let PROXY = '';

for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'MQTT_URL']) {
  if (!process.env[name]) throw new Error(`${name} is not set: this test runs the production set-up on real servers (npm test, or source the env of tools/infra/infra.sh)`);
}

/** The README's blocks as one script that waits, between phases, for the test's go (files in RUN_DIR). */
function script(runDir: string): string {
  const readme = path.join(REPO_ROOT, 'README.md');
  const phase = (name: string, go: string) => `echo ${name} >"${runDir}/phase"\nwhile [ ! -e "${runDir}/${go}" ]; do sleep 0.2; done\n`;
  return [shellBlocks(readme, 'production'), phase('checks', 'go-roll'), shellBlocks(readme, 'production-roll'), phase('rolled', 'go-stop'),
    shellBlocks(readme, 'production-stop'), `echo stopped >"${runDir}/phase"\n`].join('\n');
}

async function untilPhase(runDir: string, name: string, script: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (existsSync(`${runDir}/phase`) && readFileSync(`${runDir}/phase`, 'utf8').trim() === name) return;
    if (script.exitCode !== null) throw new Error(`the README's commands failed (exit ${script.exitCode}) before "${name}"`);
    await sleep(250);
  }
  throw new Error(`the README's commands did not reach "${name}" within ${ms / 1000} s`);
}

async function ready(): Promise<{ status: number; instanceId?: string; error?: string }> {
  try {
    const res = await fetch(`${PROXY}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    const body = await res.json().catch(() => ({})) as { instanceId?: string }; // the proxy's own 502/503 pages are HTML
    return { status: res.status, instanceId: body.instanceId };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    return { status: 0, error: `${e.message}${e.cause ? `: ${e.cause.code ?? ''} ${e.cause.message ?? ''}` : ''}` };
  }
}

describe('README "Run it in production", followed: two instances behind HAProxy, one killed', () => {
  const runDir = mkdtempSync(path.join(tmpdir(), 'auction-production-'));
  let storage: ServerStorage | undefined;
  let child: ChildProcess | undefined;
  let output = '';
  const log = () => `${output.slice(-6_000)}\n--- api1.log ---\n${tail(`${runDir}/api1.log`)}\n--- api2.log ---\n${tail(`${runDir}/api2.log`)}`;
  const tail = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').slice(-3_000) : '(none)');

  beforeAll(async () => {
    storage = await createStorage('postgres');
    const proxyPort = await freePort();
    PROXY = `http://127.0.0.1:${proxyPort}`;
    const topic = `auction-e2e-prod-${Date.now().toString(36)}`;
    const { NODE_OPTIONS: _no, NODE_ENV: _ne, ...inherited } = process.env;
    const env = {
      ...inherited, RUN_DIR: runDir, API_PORTS: PORTS.join(' '), PROXY_PORT: String(proxyPort), DATABASE_URL: storage.databaseUrl!,
      DEMO_DATA: 'true', DEMO_DEALERS: '3', DEMO_PHOTOS: 'false', DEMO_BANNERS: 'false', PASSWORD_HASH_COST: '14', MQTT_TCP_PORT: '0',
      KAFKA_TOPIC: topic, KAFKA_GROUP_PREFIX: `${topic}-`, LOG_FORMAT: 'json',
    };
    writeFileSync(`${runDir}/production.sh`, script(runDir));
    child = spawn('bash', ['-euo', 'pipefail', `${runDir}/production.sh`], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-64_000); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    await untilPhase(runDir, 'checks', child, 560_000).catch((error: Error) => { throw new Error(`${error.message}\n${log()}`); });
  }, 600_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      writeFileSync(`${runDir}/go-roll`, '');
      writeFileSync(`${runDir}/go-stop`, '');
      await Promise.race([new Promise((r) => child!.once('exit', r)), sleep(120_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    // Whatever the script left: the instances by their pid files, the proxy through tools/infra.
    for (const n of [1, 2]) {
      const pid = Number(existsSync(`${runDir}/api${n}.pid`) ? readFileSync(`${runDir}/api${n}.pid`, 'utf8') : 0);
      if (pid > 0) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    spawnSync('bash', ['tools/infra/infra.sh', 'stop', 'proxy'], { cwd: REPO_ROOT, stdio: 'ignore' });
    await storage?.dispose();
    rmSync(runDir, { recursive: true, force: true });
  }, 180_000);

  test('through the proxy: ready on both instances, a dealer signs in and reads, the live channel upgrades', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const answer = await ready();
      expect(answer.status).toBe(200);
      seen.add(answer.instanceId!);
    }
    expect([...seen].sort()).toEqual(['api1', 'api2']); // round robin
    const { res, client } = await ApiClient.loginWithCookie(PROXY, 'dealer1', DEFAULT_DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect((await client.get('/api/v1/secure/user')).status).toBe(200);
    const live = await client.get<{ username: string; password: string }>('/api/v1/secure/live-credentials');
    expect(live.status).toBe(200);
    expect(await tryConnect(PROXY, live.body!.username, live.body!.password)).toMatchObject({ connected: true });
    // The client address is the one the proxy appends to X-Forwarded-For (TRUST_PROXY=1): a client's own entry, here an
    // Italian address, is not believed; the proxy's entry (loopback) makes geolocation fall back to Accept-Language.
    // Without the proxy's entry, the API would take the client's (IT); with TRUST_PROXY=true, the leftmost one (IT).
    const geolocation = await fetch(`${PROXY}/api/v1/open/geolocation`, { headers: { 'x-forwarded-for': '151.1.1.1', 'accept-language': 'de' } });
    expect(await geolocation.json()).toEqual({ value: 'DE' });
    const mobile = await ApiClient.anonymous(PROXY).post<{ token: string }>('/api/v1/mobile/token', { body: { username: 'dealer2', password: DEFAULT_DEMO_PASSWORD } });
    expect(mobile.status).toBe(200);
    const socket = await LiveSocketRecorder.connect(PROXY, { token: mobile.body!.token });
    expect(socket.socket.connected).toBe(true);
    socket.close();
  }, 60_000);

  test('SIGKILL one instance: requests through the proxy succeed again within 5 s', async () => {
    const { cookie } = await ApiClient.loginWithCookie(PROXY, 'dealer3', DEFAULT_DEMO_PASSWORD);
    const user = () => fetch(`${PROXY}/api/v1/secure/user`, { headers: { cookie }, signal: AbortSignal.timeout(2_000) }).then((r) => r.status, () => 0);
    const killed = Number(readFileSync(`${runDir}/api1.pid`, 'utf8'));
    const killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
    const results: { at: number; ok: boolean; what: string }[] = [];
    while (Date.now() - killedAt < 8_000) {
      const sent = Date.now() - killedAt;
      const [r, read] = await Promise.all([ready(), user()]);
      results.push({ at: sent, ok: r.status === 200 && r.instanceId === 'api2' && read === 200, what: `ready ${r.status} ${r.instanceId ?? '-'}, user ${read}` });
      await sleep(100);
    }
    const failed = results.filter((r) => !r.ok);
    const lastFailure = failed.length ? Math.max(...failed.map((r) => r.at)) : null;
    const recoveredMs = lastFailure === null ? 0 : (results.find((r) => r.at > lastFailure)?.at ?? Number.POSITIVE_INFINITY);
    process.stdout.write(`failover: api1 (pid ${killed}) SIGKILLed; ${results.length} rounds of 2 requests through the proxy in 8 s, ${failed.length} failed; ` +
      `every request succeeded from +${recoveredMs} ms after the kill${failed.map((f) => `\n  failed at +${f.at} ms: ${f.what}`).join('')}\n`);
    expect(recoveredMs).toBeLessThan(5_000);
    expect(results.filter((r) => r.at > 5_000).every((r) => r.ok)).toBe(true);
  }, 60_000);

  test('the README\'s roll block: the killed instance starts again, the other one is rolled, no request through the proxy fails', async () => {
    writeFileSync(`${runDir}/go-roll`, '');
    // Requests through the proxy while the roll starts api1 again (killed above), then stops api2 (SIGTERM) and starts it.
    const rolling = untilPhase(runDir, 'rolled', child!, 300_000).catch((error: Error) => { throw new Error(`${error.message}\n${log()}`); });
    let rolled = false;
    void rolling.finally(() => { rolled = true; }).catch(() => {});
    const answers: { at: number; status: number; error?: string }[] = [];
    const rollStart = Date.now();
    let resent = 0;
    while (!rolled) {
      let answer = await ready();
      // A kept-alive connection to the proxy closed as the request went out, before any answer: a browser sends an
      // idempotent request again on a new connection (as here, once, counted); an answered failure is not resent.
      if (answer.status === 0 && answer.error?.includes('UND_ERR_SOCKET')) {
        resent++;
        answer = await ready();
      }
      answers.push({ at: Date.now() - rollStart, ...answer });
      await sleep(100);
    }
    await rolling;
    const refused = answers.filter((a) => a.status !== 200);
    process.stdout.write(`roll: ${answers.length} requests through the proxy while api1 started again and api2 stopped and started, ${refused.length} not 200, ` +
      `${resent} sent again after the proxy's kept-alive connection closed${refused.map((a) => `\n  +${a.at} ms: ${a.status} ${a.error ?? ''}`).join('')}\n`);
    expect(refused).toEqual([]);
    const seen = new Set<string>();
    const deadline = Date.now() + 15_000;
    while (seen.size < 2 && Date.now() < deadline) {
      const answer = await ready();
      if (answer.status === 200) seen.add(answer.instanceId!);
      await sleep(200);
    }
    expect([...seen].sort()).toEqual(['api1', 'api2']);
    writeFileSync(`${runDir}/go-stop`, '');
    await untilPhase(runDir, 'stopped', child!, 120_000);
    expect((await ready()).status).toBe(0); // the proxy is stopped
  }, 480_000);
});
