/**
 * Issue 23 item 4: the back-office's e-mails through the product's mailer to a real SMTP server (tools/infra smtp).
 * A mail is queued (answer 201 before any SMTP exchange) and sent by the background sender; its HTML is sanitised; a
 * mail queued while the relay is down survives a restart and arrives once. Who may send, and every refusal's code.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mailTo, realSmtp, waitForMail } from '../../testing/mailbox.test-support.js';
import { ApiClient, createStorage, isCleanError, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { sleep } from '../../testing/api-client.test-support.js';

interface Queued { idEmails: string[]; status: string; email: string }
interface Delivery { idEmail: string; state: string; attempts: number; sentAt: string | null }

const unique = () => randomBytes(5).toString('hex');

async function deliveredState(client: ApiClient, idEmail: string, want: string): Promise<Delivery> {
  for (let i = 0; ; i++) {
    const res = await client.get<Delivery>(`/api/v1/admin/email/${idEmail}`);
    expect(res.status).toBe(200);
    if (res.body.state === want || i > 100) return res.body;
    await sleep(100);
  }
}

describe('back-office e-mails (real SMTP server)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let admin: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl });
    admin = await ApiClient.login(server.baseUrl, 'admin');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('an e-mail with copies is queued, sent in the background with its HTML sanitised, and marked SENT', async () => {
    const tag = unique();
    const to = `to-${tag}@example.test`;
    const cc = `cc-${tag}@example.test`;
    const html = `<p onclick="steal()">Hello <b>dealers</b></p><script>alert(1)</script><a href="javascript:alert(2)">x</a><iframe src="https://evil.test"></iframe>`;
    const res = await admin.post<Queued>('/api/v1/admin/email', { body: { recipients: [to.toUpperCase()], ccRecipients: [cc], subject: `News ${tag}`, email: html } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('QUEUED');
    expect(res.body.idEmails).toHaveLength(1);
    expect(res.body.email).toContain('<b>dealers</b>');
    expect(res.body.email).not.toMatch(/script|onclick|javascript:|iframe/i);
    const [mail] = await waitForMail(to);
    expect(mail!.subject).toBe(`News ${tag}`);
    expect(mail!.html).toContain('Hello <b>dealers</b>');
    expect(mail!.html).not.toMatch(/script|onclick|javascript:|iframe/i);
    expect(mail!.text).toContain('Hello dealers');
    expect(JSON.stringify(mail)).toContain(cc);
    const delivery = await deliveredState(admin, res.body.idEmails[0]!, 'SENT');
    expect(delivery).toMatchObject({ state: 'SENT', attempts: 1 });
    expect(await mailTo(to)).toHaveLength(1);
  });

  test('send-email-user: one mail to each user at the address kept for it; the customer centre may too', async () => {
    const tag = unique();
    const customer = await ApiClient.login(server!.baseUrl, 'customer');
    const res = await customer.post<Queued>('/api/v1/admin/send-email-user', { body: { idUsers: ['auctioneer', 'exhibitor'], subject: `Users ${tag}`, email: '<p>Dear user</p>' } });
    expect(res.status).toBe(201);
    expect(res.body.idEmails).toHaveLength(2);
    for (const who of ['auctioneer', 'exhibitor']) {
      const deadline = Date.now() + 15_000;
      let mine: { subject: string }[] = [];
      while (mine.length === 0 && Date.now() < deadline) {
        mine = (await mailTo(`${who}@demo.example`)).filter((m) => m.subject === `Users ${tag}`);
        if (mine.length === 0) await sleep(200);
      }
      expect(mine).toHaveLength(1);
    }
  });

  test('refusals: roles, read-only, bad input, unsafe-only HTML, unknown users and ids; never a 500', async () => {
    const dealer = await ApiClient.login(server!.baseUrl, 'dealer1');
    const auditor = await ApiClient.login(server!.baseUrl, 'auditor');
    const good = { recipients: ['a@example.test'], subject: 'S', email: '<p>x</p>' };
    const dealerRes = await dealer.post('/api/v1/admin/email', { body: good });
    expect([dealerRes.status, (dealerRes.body as { errorCode: number }).errorCode]).toEqual([403, 403001]);
    const readOnly = await auditor.post('/api/v1/admin/email', { body: good });
    expect([readOnly.status, (readOnly.body as { errorCode: number }).errorCode]).toEqual([403, 403020]);
    expect(isCleanError(await new ApiClient(server!.baseUrl).post('/api/v1/admin/email', { body: good }), 401)).toBe(true);
    const bad: [string, unknown][] = [
      ['not an address', { ...good, recipients: ['nope'] }],
      ['no recipient', { ...good, recipients: [] }],
      ['51 recipients', { ...good, recipients: Array.from({ length: 51 }, (_, i) => `r${i}@example.test`) }],
      ['a repeated address', { ...good, recipients: ['a@example.test', 'A@example.test'] }],
      ['two-line subject', { ...good, subject: 'a\r\nBcc: x@example.test' }],
      ['long subject', { ...good, subject: 's'.repeat(201) }],
      ['huge html', { ...good, email: 'x'.repeat(100_001) }],
      ['extra field', { ...good, bcc: ['b@example.test'] }],
    ];
    for (const [what, body] of bad) {
      const res = await admin.post('/api/v1/admin/email', { body });
      expect([what, res.status, (res.body as { errorCode?: number }).errorCode]).toEqual([what, 400, 400001]);
    }
    const unsafe = await admin.post('/api/v1/admin/email', { body: { ...good, email: '<script>alert(1)</script><iframe></iframe>' } });
    expect([unsafe.status, (unsafe.body as { errorCode: number }).errorCode]).toEqual([422, 422350]);
    const unknownUser = await admin.post('/api/v1/admin/send-email-user', { body: { idUsers: ['auctioneer', 'no-such-user'], subject: 'S', email: '<p>x</p>' } });
    expect([unknownUser.status, (unknownUser.body as { errorCode: number }).errorCode]).toEqual([404, 404060]);
    const unknownMail = await admin.get('/api/v1/admin/email/no-such-mail');
    expect([unknownMail.status, (unknownMail.body as { errorCode: number }).errorCode]).toEqual([404, 404350]);
  });

  test('a mail queued while the relay is unreachable is answered at once, survives a restart and arrives once', async () => {
    await server!.stop();
    server = await startServer(storage!, { SMTP_URL: 'smtp://127.0.0.1:9' });
    admin = await ApiClient.login(server.baseUrl, 'admin');
    const to = `restart-${unique()}@example.test`;
    const started = Date.now();
    const res = await admin.post<Queued>('/api/v1/admin/email', { body: { recipients: [to], subject: 'After a restart', email: '<p>kept</p>' } });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await admin.get<Delivery>(`/api/v1/admin/email/${res.body.idEmails[0]}`)).body.state).toBe('QUEUED');
    await server.stop();
    server = await startServer(storage!, { SMTP_URL: realSmtp().smtpUrl });
    admin = await ApiClient.login(server.baseUrl, 'admin');
    await waitForMail(to, 1, 90_000);
    await sleep(1_500);
    expect(await mailTo(to)).toHaveLength(1);
    expect((await deliveredState(admin, res.body.idEmails[0]!, 'SENT')).state).toBe('SENT');
  }, 180_000);
});
