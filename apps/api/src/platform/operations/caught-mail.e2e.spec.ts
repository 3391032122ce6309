/**
 * Issue 13 item 8, embedded default: with SMTP_URL unset the product catches its own mail in process, logs each
 * message, and lists it to administrators only (GET /api/v1/admin/mail). A password recovery for a demo user is the
 * mail sent here: it arrives at the catcher, addressed to the demo user's e-mail kept beside the log.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, isCleanError, startServer } from '../../testing/server.test-support.js';

interface Page { catching: boolean; total: number; limit: number; offset: number; items: { id: string; to: string[]; subject: string }[] }

describe('caught mail (embedded catcher)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let admin: ApiClient;
  let dealer: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('embedded');
    // LOG_LEVEL info: the catcher's one line per caught message is part of what is checked.
    server = await startServer(storage, { LOG_LEVEL: 'info' });
    [admin, dealer] = await Promise.all([ApiClient.login(server.baseUrl, 'admin'), ApiClient.login(server.baseUrl, 'dealer1')]);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a recovery mail is caught, listed to the administrator (paged, by recipient) and readable whole', async () => {
    const anonymous = new ApiClient(server!.baseUrl);
    const asked = await anonymous.post('/api/v1/open/pwd-recovery', { body: { username: 'dealer7' } });
    expect(asked.status).toBe(200);
    let page: Page | undefined;
    for (let i = 0; i < 50 && !(page?.total); i++) {
      const res = await admin.get<Page>('/api/v1/admin/mail?to=dealer7@demo.example');
      expect(res.status).toBe(200);
      page = res.body;
      if (!page.total) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page).toMatchObject({ catching: true, total: 1, limit: 20, offset: 0 });
    expect(page!.items[0]!.to).toEqual(['dealer7@demo.example']);
    const one = await admin.get<{ text: string; html: string | null }>(`/api/v1/admin/mail/${page!.items[0]!.id}`);
    expect(one.status).toBe(200);
    // The link is there, its single-use tag masked: the addressee's alone (issue 21 item 1).
    expect(one.body.text).toMatch(/\/password-recovery\?tag=[\w-]{4}%E2%80%A6&username=dealer7/);
    expect(one.body.html).toContain('<html');
    const none = await admin.get<Page>('/api/v1/admin/mail?to=nobody@demo.example&limit=5&offset=0');
    expect(none.body).toMatchObject({ catching: true, total: 0, limit: 5, items: [] });
    expect(server!.output()).toMatch(new RegExp(`caught ${page!.items[0]!.id} .* to d\\*\\*\\*@demo\\.example`));
    // Logs outlive an anonymisation: no whole address in them.
    expect(server!.output()).not.toContain('dealer7@demo.example');
  });

  test('only administrators read it: a dealer gets 403001, nobody 401; bad paging and unknown ids get a code', async () => {
    expect(isCleanError(await dealer.get('/api/v1/admin/mail'), 403)).toBe(true);
    expect((await dealer.get('/api/v1/admin/mail')).body).toMatchObject({ errorCode: 403001 });
    expect(isCleanError(await new ApiClient(server!.baseUrl).get('/api/v1/admin/mail'), 401)).toBe(true);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'extra=1', `to=${'x'.repeat(300)}`]) {
      const res = await admin.get(`/api/v1/admin/mail?${query}`);
      expect([query, res.status, (res.body as { errorCode?: number }).errorCode]).toEqual([query, 400, 400001]);
    }
    const unknown = await admin.get('/api/v1/admin/mail/not-a-mail');
    expect([unknown.status, (unknown.body as { errorCode?: number }).errorCode]).toEqual([404, 404001]);
    void describeResult;
  });
});
