/**
 * Issue 21, items 1, 2, 4 and 8 (part): what the one access guard decides for every route. Caught mail is an operator
 * tool (never to a read-only user, tags masked); a never-enabled registrant gets no recovery link; staff reach only the
 * dealers, users and files of their markets, on every route that names one; no invitation into a dealer that is not
 * ENABLED; every answer of /secure, /admin and /mobile is `Cache-Control: private, no-store`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, createStorage, sleep, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

let storage: ServerStorage;
let server: RunningServer;
let admin: ApiClient;

beforeAll(async () => {
  storage = await createStorage('postgres');
  server = await startServer(storage, { DEMO_DEALERS: '6' });
  admin = await ApiClient.login(server.baseUrl, 'admin');
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

const codeOf = (res: { body: unknown }) => (res.body as { errorCode?: number } | null)?.errorCode;
const refusal = (res: ApiResult) => [res.status, codeOf(res)];

interface MailPage { total: number; items: { id: string; to: string[]; subject: string }[] }

/** The caught mail to `to`, as the administrator lists it (waits up to 10 s for `count` messages). */
async function caught(to: string, count = 1): Promise<MailPage> {
  for (let i = 0; ; i++) {
    const page = (await admin.get<MailPage>(`/api/v1/admin/mail?to=${encodeURIComponent(to)}`)).body;
    if (page.total >= count || i >= 50) return page;
    await sleep(200);
  }
}

describe('caught mail (item 1)', () => {
  it('is refused to a read-only administrator (403020), list and message alike', async () => {
    const auditor = await ApiClient.login(server.baseUrl, 'auditor');
    expect(refusal(await auditor.get('/api/v1/admin/mail'))).toEqual([403, 403020]);
    expect(refusal(await auditor.get('/api/v1/admin/mail/any-id'))).toEqual([403, 403020]);
  });

  it('never shows a link\'s tag whole, so the administrator cannot use a recovery link of another account', async () => {
    await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/pwd-recovery', { body: { username: 'dealer5' } });
    const page = await caught('dealer5@demo.example');
    expect(page.total).toBe(1);
    const one = (await admin.get<{ text: string; html: string }>(`/api/v1/admin/mail/${page.items[0]!.id}`)).body;
    const tags = [...`${one.text}\n${one.html}`.matchAll(/[?&](?:amp;)?tag=([^&\s"'<>]*)/g)].map((m) => decodeURIComponent(m[1]!));
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.replace(/[^A-Za-z0-9_-]/g, '').length).toBeLessThan(10);
    const masked = tags[0]!;
    const verify = await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/verify-pwd-recovery', {
      body: { username: 'dealer5', hash: masked, password: 'Taken#Over2026', confPassword: 'Taken#Over2026' },
    });
    expect(refusal(verify)).toEqual([410, 410010]);
  });
});

describe('a registration not yet enabled (item 2)', () => {
  it('gets no recovery link (a control request for an enabled user, sent after it, is mailed)', async () => {
    const anonymous = ApiClient.anonymous(server.baseUrl);
    expect((await anonymous.post('/api/v1/open/pwd-recovery', { body: { email: 'pending1@demo.example' } })).status).toBe(200);
    expect((await anonymous.post('/api/v1/open/pwd-recovery', { body: { username: 'dealer6' } })).status).toBe(200);
    expect((await caught('dealer6@demo.example')).total).toBe(1);
    await sleep(300);
    expect((await caught('pending1@demo.example', 0)).total).toBe(0);
  });
});

describe('market scope of the staff (item 4)', () => {
  let customer: ApiClient;
  let idFile: string;

  beforeAll(async () => {
    // A waiting registration (Italy) carries the demo's documents.
    const dealer = await admin.get('/api/v1/admin/dealer?idDealer=D-PEND-2');
    idFile = dealer.body.documents?.[0]?.idFile;
    // The customer centre now manages Germany only: the demo's dealers (Italy) are outside its markets.
    expect((await admin.put('/api/v1/admin/user', { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } })).status).toBeLessThan(300);
    customer = await ApiClient.login(server.baseUrl, 'customer');
  });

  it('refuses a dealer, user or file of another market on every route that names one (403021)', async () => {
    expect(refusal(await customer.get('/api/v1/secure/reference-dealer?idDealer=D-1001'))).toEqual([403, 403021]);
    expect(refusal(await customer.get('/api/v1/secure/users-dealer?idDealer=D-1001'))).toEqual([403, 403021]);
    expect(refusal(await customer.post('/api/v1/secure/user/invite', { body: { email: 'outsider@example.org', dealerId: 'D-1001' } }))).toEqual([403, 403021]);
    expect(idFile).toEqual(expect.any(String));
    expect(refusal(await customer.get(`/api/v1/admin/file/${idFile}`))).toEqual([403, 403021]);
    expect(refusal(await customer.get('/api/v1/admin/user?idUser=dealer1'))).toEqual([403, 403021]);
    // The same calls in the caller's markets pass.
    expect((await admin.get('/api/v1/secure/reference-dealer?idDealer=D-1001')).status).toBe(200);
    expect((await admin.get(`/api/v1/admin/file/${idFile}`)).status).toBe(200);
  });

  it('invites and creates no user inside a dealer that is not ENABLED (403030)', async () => {
    const invite = await admin.post('/api/v1/secure/user/invite', { body: { email: 'into.pending@example.org', dealerId: 'D-PEND-1' } });
    expect(refusal(invite)).toEqual([403, 403030]);
    const create = await admin.post('/api/v1/secure/user', {
      body: { email: 'created.pending@example.org', roles: ['USER', 'BUYER'], idMarket: 'IT', idDealer: 'D-PEND-1', preferredLanguage: 'IT', name: 'In', surname: 'Pending' },
    });
    expect(refusal(create)).toEqual([403, 403030]);
  });
});

describe('Cache-Control of personal and business answers (item 8)', () => {
  it('is private, no-store on the calls the review named', async () => {
    await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/pwd-recovery', { body: { username: 'dealer4' } });
    const mail = await caught('dealer4@demo.example');
    const dealer = await ApiClient.login(server.baseUrl, 'dealer1');
    for (const path of ['/api/v1/admin/mail', `/api/v1/admin/mail/${mail.items[0]!.id}`, '/api/v1/secure/reference-dealer?idDealer=D-1001', '/api/v1/admin/events/log', '/api/v1/secure/purchases']) {
      const res = await (path.endsWith('purchases') ? dealer : admin).get(path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'private, no-store']);
    }
  });

  it('is private, no-store on every GET of /secure, /admin and /mobile (walked from the OpenAPI description) and on the login', async () => {
    const doc = (await admin.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths).filter(([p, ops]) => /^\/api\/v1\/(secure|admin|mobile)\//.test(p) && ops.get).map(([p]) => p);
    expect(gets.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const path of gets) {
      const res = await admin.get(path.replace(/\{\w+\}/g, 'x'));
      if (res.headers.get('cache-control') !== 'private, no-store') wrong.push(`${path} ${res.status} ${res.headers.get('cache-control')}`);
    }
    expect(wrong).toEqual([]);
    const login = await ApiClient.anonymous(server.baseUrl).post('/api/v1/open/login', { body: { username: 'dealer1', password: process.env.DEMO_PASSWORD ?? 'E2e#Secret2026!' } });
    expect([login.status, login.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
  });
});
