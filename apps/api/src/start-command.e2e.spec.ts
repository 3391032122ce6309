import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from './testing/api-client.test-support.js';
import { eventually } from './testing/auction.test-support.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('`npm start` (the README\'s start command, embedded default)', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    // npm exits before the product it started: wait (at most 15 s) until no process of the group is left, so that
    // nothing (the demo's background photos, banners and logos) still writes into the data folder being removed.
    for (let waited = 0; child?.pid && waited < 15_000; waited += 100) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('serves the product, prints its URL and the demo logins, and a demo auction is running', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'auction-start-'));
    const { DATABASE_URL: _db, EVENTSTORE_URL: _es, NODE_OPTIONS: _no, DEMO_DATA: _dd, DEMO_PASSWORD: _dp, ...env } = process.env;
    child = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, PORT: '0', DATA_DIR: dataDir, LOG_FORMAT: 'pretty' },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    // `npm start` builds the API and the web client, then seeds the demo: about 60 s on an idle 2-core machine, twice
    // that beside the browser lane on CI. The test checks that the command works; its speed is not its subject.
    const deadline = Date.now() + 240_000;
    while (!/demo logins:/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const url = /API listening on (http:\/\/localhost:\d+)\/api/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toMatch(/demo logins: admin, auctioneer, exhibitor, dealer1\.\.dealer20 with password Demo#2026!/);
    expect(output).toMatch(/OpenAPI description at http:\/\/localhost:\d+\/api\/docs/);

    const dealer = await ApiClient.login(url!, 'dealer1', 'Demo#2026!');
    // The demo auction started a minute ago: the scheduler starts it as the product comes up, and the list shows it once
    // its projection has it (on a loaded CI run, after the logins were printed: it read 0 once).
    const { value: running } = await eventually(
      () => dealer.get('/api/v1/secure/running-auctions'), (r) => expect(r.body.items?.length).toBeGreaterThanOrEqual(1), 30_000,
    );
    expect(running.status).toBe(200);
    expect(running.body.items.length).toBeGreaterThanOrEqual(1);
    expect(running.body.items[0].status).toBe('RUN');
    expect(running.body.items[0].lotsCount).toBeGreaterThan(0);
    const showcase = await dealer.get('/api/v1/secure/showcase');
    expect(showcase.status).toBe(200);
    expect(showcase.body.items.length).toBeGreaterThan(0);
    const docs = await fetch(`${url}/api/docs-json`);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0');

    // The web client: built by `npm start`, served at `/`, deep links open the app, unknown API paths keep the API's 404.
    expect(output).toMatch(/web client at http:\/\/localhost:\d+\//);
    for (const page of ['/live-auction/some-auction', '/login?redirect=%2Flive']) {
      const response = await fetch(`${url}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toMatch(/<div id="root">/);
    }
    // `/` is the public portal: a visitor is sent to a market's home, drawn by the server.
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(new URL(home.url).pathname).toMatch(/^\/(it|be|es|en|de|nl|fr|pl|pt|lu)$/);
    expect(await home.text()).toMatch(/<div id="portal">/);
    const html = await (await fetch(`${url}/login`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const asset = await fetch(`${url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    const unknownApi = await fetch(`${url}/api/v1/secure/no-such-call`);
    expect(unknownApi.status).toBe(404);
    expect(((await unknownApi.json()) as { errorCode: number }).errorCode).toBe(404001);
    const traversal = await fetch(`${url}/assets/..%2f..%2f..%2fpackage.json`);
    expect(await traversal.text()).not.toMatch(/"workspaces"/);

    // The browser's live credentials are the session's token, which the MQTT broker accepts.
    const credentials = await dealer.get('/api/v1/secure/live-credentials');
    expect(credentials.status).toBe(200);
    expect(credentials.body).toMatchObject({ username: 'dealer1', path: '/mqtt' });
    expect(typeof credentials.body.password).toBe('string');
    const anonymous = await fetch(`${url}/api/v1/secure/live-credentials`);
    expect(anonymous.status).toBe(401);
  }, 300_000);
});
