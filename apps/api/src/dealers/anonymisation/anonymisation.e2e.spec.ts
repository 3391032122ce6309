/**
 * The "Done when" of issue 14's anonymisation: a dealer registered with distinctive personal data bids in the demo
 * auction, is disabled and anonymised; afterwards no API answer, export, replay output, read-model table or rebuilt
 * read model holds its name, e-mail, fiscal code, VAT code or username, and its offers stay in the auction's report
 * under `anonymous-<idUser>`. Server mode: PostgreSQL, and the Kafka of tools/infra when KAFKA_BROKERS is set.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { filesFor, signUp } from '../../identity/registration/registration.test-support.js';
import { knownLiveTag } from '../../testing/access-tag.test-support.js';
import { paths } from '../../testing/auction.test-support.js';
import { xlsxText } from '../../testing/xlsx.test-support.js';
import { ApiClient, createStorage, isCleanError, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { allCaughtMail, distinctiveRegistration, dumpSchemas, leaksIn, leakyTables, wholeLog, type Needles } from './anonymisation.test-support.js';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tools/replay/dist/cli.js');
const ANON = '/api/v1/admin/user/anonymize';
const PASSWORD = 'Anon#Proof2026';

describe('anonymisation of a dealer (right to erasure)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let routes: Set<string>;
  let needles: Needles;
  let idDealer: string;
  let idUser: string;
  let username: string;
  let idAuction: string;
  let idLot: string;
  const notes: string[] = [];
  const has = (method: string, route: string) => routes.has(`${method} ${route}`);

  beforeAll(async () => {
    storage = await createStorage('postgres');
    const kafka: Record<string, string> = process.env.KAFKA_BROKERS ? { KAFKA_BROKERS: process.env.KAFKA_BROKERS, KAFKA_TOPIC: `auction-e2e-anon-${Date.now().toString(36)}` } : {};
    server = await startServer(storage, { ...kafka, DEMO_DEALERS: '3' });
    admin = await ApiClient.login(server.baseUrl, 'admin');
    notes.push(`read models fed by the ${(await admin.get('/api/v1/admin/read-models/status')).body.transport} transport`);
    const docs = await admin.get('/api/docs-json');
    routes = new Set(Object.entries(docs.body.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)));
  }, 120_000);

  afterAll(async () => {
    if (notes.length) console.log(`anonymisation proof notes:\n- ${[...new Set(notes)].join("\n- ")}`);
    await server?.stop();
    await storage?.dispose();
  });

  /** Enables or disables the dealer through PUT /admin/enable-dealer, else its user through the users API. */
  async function setEnabled(flgEnabled: boolean): Promise<void> {
    if (has('put', '/api/v1/admin/enable-dealer')) {
      const res = await admin.put('/api/v1/admin/enable-dealer', { body: { idDealer, flgEnabled } });
      expect([200, 204]).toContain(res.status);
    } else {
      notes.push(`PUT /admin/enable-dealer absent: ${flgEnabled ? 'enabled' : 'disabled'} the user via PATCH /admin/user/enable-disable`);
      const res = await admin.patch('/api/v1/admin/user/enable-disable', { body: { idUser, flgEnabled } });
      expect([200, 204]).toContain(res.status);
    }
  }

  it('registers the dealer, which is enabled, sets its password, bids and is outbid', async () => {
    const reg = distinctiveRegistration();
    needles = reg.needles;
    const res = await signUp(server.baseUrl, reg.dto, filesFor('IT'));
    expect(res.status).toBe(201);
    idDealer = res.body.idDealer;
    const users = await admin.get(`/api/v1/secure/users-dealer?idDealer=${idDealer}`);
    expect(users.status).toBe(200);
    expect(leaksIn(JSON.stringify(users.body), needles)).toContain('referenceEmail');
    // The reference person's e-mail is the user's username (the dealer's own e-mail stays the dealer's).
    username = needles.referenceEmail;
    idUser = (users.body.items ?? users.body)[0].idUser;
    await setEnabled(true);
    // The first-password link (enabling mails it), else a recovery link: both set the password the same way.
    let mail = (await admin.get(`/api/v1/admin/mail?to=${encodeURIComponent(username)}&limit=100`)).body.items as { id: string }[];
    let link = await linkWithTag(mail);
    if (!link) {
      await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/pwd-recovery', { body: { email: username } });
      link = await until(async () => linkWithTag((await admin.get(`/api/v1/admin/mail?to=${encodeURIComponent(username)}&limit=100`)).body.items), 15_000);
    }
    expect(link!.searchParams.get('tag')).toBeTruthy();
    // The catcher masks the mailed tag (issue 21 item 1): the test follows the link through a tag it knows.
    const tag = await knownLiveTag(storage.databaseUrl!, idUser, 'SETUP').catch(() => knownLiveTag(storage.databaseUrl!, idUser, 'RECOVERY'));
    const set = await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/verify-pwd-recovery', {
      body: { hash: tag, username: username, password: PASSWORD, confPassword: PASSWORD },
    });
    expect(set.status).toBe(204);
    const dealer = await ApiClient.login(server.baseUrl, username, PASSWORD);
    const running = (await dealer.get('/api/v1/secure/running-auctions')).body;
    const list = (Array.isArray(running) ? running : running.items ?? running.content ?? []) as { idAuction: string; auctionName?: string }[];
    const demo = list.find((a) => /demo/i.test(a.auctionName ?? '')) ?? list[0];
    expect(demo).toBeTruthy();
    idAuction = demo.idAuction;
    expect((await dealer.patch(paths.acceptRegulation(idAuction))).status).toBeLessThan(300);
    const view = (await dealer.get(paths.auction(idAuction))).body;
    idLot = view.lots[0].idLot;
    const first = (view.lots[0].bestOffer ?? view.lots[0].basePrice - view.lots[0].minIncrement) + view.lots[0].minIncrement;
    const offer = await dealer.post(paths.offer(idAuction, idLot), { body: { offer: first } });
    expect(offer.status).toBe(201);

    await setEnabled(false);
    // Leading a lot of a running auction: refused until another dealer outbids it.
    const early = await admin.put(ANON, { body: { idDealer } });
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe(409140);
    const other = await ApiClient.login(server.baseUrl, 'dealer1');
    await other.patch(paths.acceptRegulation(idAuction));
    expect((await other.post(paths.offer(idAuction, idLot), { body: { offer: first + view.lots[0].minIncrement * 2 } })).status).toBe(201);
  }, 120_000);

  it('lists the disabled dealer\'s user as a candidate, in the page and the CSV export', async () => {
    const page = await admin.get(`${ANON}?idMarket=IT&limit=100&sortField=since&sortOrder=desc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const row = page.body.items.find((r: { idUser: string }) => r.idUser === idUser);
    expect(row).toMatchObject({ idDealer, idMarket: 'IT', username: username });
    expect(['USER_DISABLED', 'DEALER_DISABLED']).toContain(row.status);
    expect(row.since).toMatch(/^\d{4}-/);
    const csv = await fetch(`${server.baseUrl}${ANON}/export?idMarket=IT`, { headers: { token: admin.credentials.token! } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(`${idUser},${username},${idDealer},IT,`);
    for (const bad of ['limit=0', 'limit=abc', 'sortField=password', 'idMarket=XX', 'offset=-1']) {
      const res = await admin.get(`${ANON}?${bad}`);
      expect(isCleanError(res, 400)).toBe(true);
    }
  });

  it('refuses callers that are not ADMIN, bad bodies and unknown subjects with numeric codes', async () => {
    const customer = await ApiClient.login(server.baseUrl, 'customer');
    expect((await customer.get(ANON)).status).toBe(403);
    expect((await customer.put(ANON, { body: { idDealer } })).status).toBe(403);
    expect((await ApiClient.anonymous(server.baseUrl).get(`${ANON}/export`)).status).toBe(401);
    const auditor = await ApiClient.login(server.baseUrl, 'auditor');
    expect((await auditor.get(ANON)).status).toBe(200);
    expect((await auditor.put(ANON, { body: { idDealer } })).body.errorCode).toBe(403020);
    for (const body of [{}, { idUser, idDealer }, { idUser: '../x' }, { idDealer: 5 }, [idUser]]) {
      const res = await admin.put(ANON, { body });
      expect(isCleanError(res, 400)).toBe(true);
    }
    expect((await admin.put(ANON, { body: { idUser: 'no-such-user' } })).body.errorCode).toBe(404060);
    expect((await admin.put(ANON, { body: { idDealer: 'no-such-dealer' } })).body.errorCode).toBe(404040);
    const self = (await admin.get('/api/v1/secure/user')).body.idUser;
    expect((await admin.put(ANON, { body: { idUser: self } })).body.errorCode).toBe(409120);
    // An enabled demo dealer's user is no candidate.
    const dealer2 = (await (await ApiClient.login(server.baseUrl, 'dealer2')).get('/api/v1/secure/user')).body.idUser;
    expect((await admin.put(ANON, { body: { idUser: dealer2 } })).body.errorCode).toBe(409140);
  });

  it('anonymises the dealer once; a repeat answers 200 and erases nothing more', async () => {
    // The control: before the erasure the same sweep finds the data (so an empty sweep afterwards means something).
    await caughtUp();
    const before = await sweep();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    notes.push(`before anonymisation the sweep found personal data in: ${Object.entries(before).map(([u, l]) => `${u} [${l.join(',')}]`).join('; ')}`);
    const res = await admin.put(ANON, { body: { idDealer } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ idDealer, anonymisedUsers: [idUser], alreadyAnonymised: [] });
    expect(res.body.erased.personalData).toBe(2);
    expect(res.body.erased.credentials).toBe(1);
    expect(res.body.erased.files).toBeGreaterThanOrEqual(3);
    expect(res.body.erased.mails).toBeGreaterThanOrEqual(1);
    // The audit trail: one UserAnonymised on the user's stream, stamped with the acting admin.
    const self = (await admin.get('/api/v1/secure/user')).body.idUser;
    const stream = (await admin.get(`/api/v1/admin/events/stream/user-${idUser}`)).body as { type: string; data: { by?: string; at?: number } }[];
    expect(stream.filter((e) => e.type === 'UserAnonymised').map((e) => e.data.by)).toEqual([self]);
    const again = await admin.put(ANON, { body: { idDealer } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ anonymisedUsers: [], alreadyAnonymised: [idUser] });
    expect(Object.values(again.body.erased).every((n) => n === 0)).toBe(true);
    expect((await ApiClient.anonymous(server.baseUrl).post('/api/v1/mobile/token', { body: { username: username, password: PASSWORD } })).status).toBeGreaterThanOrEqual(400);
    const candidates = await admin.get(`${ANON}?limit=100`);
    expect(candidates.body.items.map((r: { idUser: string }) => r.idUser)).not.toContain(idUser);
  });

  it('keeps the offers in the auction\'s report, attributed to anonymous-<idUser>', async () => {
    const report = await admin.get(paths.report(idAuction));
    expect(report.status).toBe(200);
    const mine = report.body.items.filter((o: { idLot: string; username: string }) => o.username === `anonymous-${idUser}`);
    expect(mine.length).toBe(1);
    expect(mine[0].idLot).toBe(idLot);
  });

  it('leaves no personal data in any GET answer an admin can reach', async () => {
    await caughtUp();
    expect(await sweep()).toEqual({});
  }, 120_000);

  it('leaves none in the replay tool\'s output', async () => {
    const url = storage.databaseUrl!;
    const outputs: Record<string, string[]> = {};
    for (const args of [['tail', '--json'], ['stream', `user-${idUser}`, '--json'], ['stream', `dealer-${idDealer}`, '--json'], ['stream', `lot-${idLot}`, '--json']]) {
      const run = await promisify(execFile)(process.execPath, [CLI, ...args, '--database-url', url], { timeout: 120_000, maxBuffer: 256 * 1024 * 1024 })
        .catch((error: Error & { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: `FAILED: ${error.stderr ?? error.message}` }));
      if (run.stderr.startsWith('FAILED')) outputs[args.join(' ')] = [run.stderr.trim()];
      const found = leaksIn(run.stdout, needles);
      if (found.length) outputs[args.join(' ')] = [...(outputs[args.join(' ')] ?? []), ...found];
    }
    expect(outputs).toEqual({});
  }, 180_000);

  it('leaves none in the read-model tables, before and after a rebuild', async () => {
    await caughtUp();
    expect(leakyTables(await dumpSchemas(storage.databaseUrl!, ['read_model']), needles)).toEqual({});
    expect((await admin.post('/api/v1/admin/read-models/rebuild')).status).toBe(202);
    await until(async () => ((await admin.get('/api/v1/admin/read-models/rebuild')).body.state === 'done' ? true : undefined), 120_000);
    const rebuilt = await dumpSchemas(storage.databaseUrl!, ['read_model']);
    expect(rebuilt.size).toBeGreaterThan(3);
    expect(leakyTables(rebuilt, needles)).toEqual({});
  }, 180_000);

  it('leaves none in the side tables beside the log (personal data, claims, credentials, tags, files)', async () => {
    const dump = await dumpSchemas(storage.databaseUrl!, ['public']);
    const side = new Map([...dump].filter(([t]) => !/events|stream/.test(t)));
    expect(side.size).toBeGreaterThan(3);
    expect(leakyTables(side, needles)).toEqual({});
  });

  /** Every GET answer an admin can reach about the dealer (and the whole log and caught mail): the needles found, by URL. */
  async function sweep(): Promise<Record<string, string[]>> {
    const gets: string[] = [
      `${ANON}?limit=100`, `${ANON}/export`, paths.report(idAuction), `/api/v1/secure/auction/${idAuction}/create-report?typeExport=CSV`,
      `/api/v1/secure/auction/${idAuction}/create-report?typeExport=XLSX`, `/api/v1/secure/users-dealer?idDealer=${idDealer}`,
      `/api/v1/admin/events/stream/user-${idUser}`, `/api/v1/admin/events/stream/dealer-${idDealer}`, `/api/v1/admin/events/stream/lot-${idLot}`,
      `/api/v1/admin/events/stream/auction-${idAuction}`, paths.auction(idAuction),
    ];
    const optional: [string, string][] = [
      ['/api/v1/admin/dealers-info/search', `?idDealer=${idDealer}`], ['/api/v1/admin/dealers-info/search', `?limit=100`],
      ['/api/v1/admin/dealer', `?idDealer=${idDealer}`], ['/api/v1/admin/dealer-reference', `?idDealer=${idDealer}`],
      ['/api/v1/admin/dealer-to-configure', '?limit=100'], ['/api/v1/admin/dealer-to-configure/export', ''],
      ['/api/v1/admin/users', `?idDealer=${idDealer}&limit=100`], ['/api/v1/admin/users', '?limit=100'], ['/api/v1/admin/user', `?idUser=${idUser}`],
      ['/api/v1/admin/audit', `?idUser=${idUser}`], ['/api/v1/admin/audit', `?idDealer=${idDealer}`],
    ];
    for (const [route, query] of optional) {
      if (has('get', route)) gets.push(route + query);
      else notes.push(`GET ${route} is not served yet: not checked`);
    }
    const leaks: Record<string, string[]> = {};
    for (const url of gets) {
      const res = await fetch(server.baseUrl + url, { headers: { token: admin.credentials.token! } });
      const bytes = await res.arrayBuffer();
      // An XLSX is compressed: its cells are searched as a spreadsheet reads them, not its bytes.
      const text = (res.headers.get('content-type') ?? '').includes('spreadsheetml') ? await xlsxText(bytes) : new TextDecoder().decode(bytes);
      if (res.status >= 500) leaks[url] = [`status ${res.status}`];
      const found = leaksIn(text, needles);
      if (found.length) leaks[url] = found;
    }
    const log = await wholeLog(admin);
    if (leaksIn(log.text, needles).length) leaks['/api/v1/admin/events/log (all pages)'] = leaksIn(log.text, needles);
    const mail = await allCaughtMail(admin);
    if (leaksIn(mail, needles).length) leaks['/api/v1/admin/mail (+ each message)'] = leaksIn(mail, needles);
    return leaks;
  }

  /** Polls `probe` until it answers something other than undefined or null, for `timeoutMs` at most. */
  async function until<T>(probe: () => Promise<T | undefined | null>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined && value !== null) return value;
      if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
      await sleep(200);
    }
  }

  /** Waits until the read models have projected the whole log. */
  async function caughtUp(): Promise<void> {
    await until(async () => {
      const s = (await admin.get('/api/v1/admin/read-models/status')).body;
      return s.projected >= s.head ? true : undefined;
    }, 60_000);
  }

  /** The first link with a `tag` in these caught messages (their texts read through the admin mail API), or null. */
  async function linkWithTag(items: { id: string }[]): Promise<URL | null> {
    for (const item of items ?? []) {
      const text: string = (await admin.get(`/api/v1/admin/mail/${item.id}`)).body.text ?? '';
      const match = /https?:\/\/\S+[?&]tag=[^\s)>"]+/.exec(text);
      if (match) return new URL(match[0]);
    }
    return null;
  }
});
