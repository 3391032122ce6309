import type { Server } from 'node:http';
import { connect, type AddressInfo, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCatcherHttpServer, startCatcherHttpApi, type CatcherHttpApi } from './catcher-http-api.js';
import type { CaughtMail } from './caught-mail.js';
import { MAIL_ERROR_CODES } from './errors.js';
import { silentMailLogger } from './logger.js';
import { Mailer } from './mailer.js';
import { SmtpCatcher, type CaughtMailPage } from './smtp-catcher.js';

describe('SmtpCatcher (real SMTP on an ephemeral port)', () => {
  let catcher: SmtpCatcher;
  let mailer: Mailer;
  let api: CatcherHttpApi;

  const send = (to: string | string[], subject: string) =>
    mailer.send({ to, subject, text: `text of ${subject}`, html: `<p>html of ${subject}</p>` });

  beforeAll(async () => {
    catcher = await SmtpCatcher.start({ port: 0, maxMessages: 3, logger: silentMailLogger });
    mailer = new Mailer({ smtpUrl: catcher.url, logger: silentMailLogger });
    api = await startCatcherHttpApi(catcher, { port: 0 });
  });
  afterAll(async () => {
    mailer.close();
    await api.close();
    await catcher.close();
  });
  beforeEach(() => void catcher.clear());

  it('listens on loopback and says where', () => {
    expect(catcher.url).toBe(`smtp://127.0.0.1:${catcher.port}`);
    expect(catcher.port).toBeGreaterThan(0);
  });

  it('keeps the newest N messages, lists them newest first with a total, filters by recipient', async () => {
    for (const [i, to] of ['a@x.it', 'b@x.it', 'A@X.IT', 'a@x.it'].entries()) expect((await send(to, `m${i}`)).status).toBe('sent');
    const all = catcher.list();
    expect(all.total).toBe(3); // maxMessages: the first went
    expect(all.items.map((m) => m.subject)).toEqual(['m3', 'm2', 'm1']);
    expect(catcher.list({ to: 'a@X.it' }).items.map((m) => m.subject)).toEqual(['m3', 'm2']);
    expect(catcher.list({ limit: 1, offset: 1 })).toMatchObject({ total: 3, items: [{ subject: 'm2' }] });
    expect(catcher.list({ offset: 5 }).items).toEqual([]);
  });

  it('forgets the mail delivered to one address (any case, Bcc included), keeps the rest', async () => {
    for (const [i, to] of [['gone@x.it'], ['kept@x.it', 'GONE@x.it'], ['kept@x.it']].entries()) expect((await send(to, `f${i}`)).status).toBe('sent');
    expect(catcher.forget(' Gone@X.it ')).toBe(2);
    expect(catcher.list().items.map((m) => m.subject)).toEqual(['f2']);
    expect(catcher.forget('gone@x.it')).toBe(0);
    expect(catcher.forget('')).toBe(0);
  });

  it('gets one message by id with its parts, envelope recipients and headers', async () => {
    const result = await send(['one@x.it', 'two@x.it'], 'hello');
    const [mail] = catcher.list().items as CaughtMail[];
    expect(catcher.get(mail!.id)).toEqual(mail);
    expect(mail).toMatchObject({ to: ['one@x.it', 'two@x.it'], text: 'text of hello', html: '<p>html of hello</p>', messageId: result.messageId });
    expect(mail!.headers['subject']).toBe('hello');
    expect(Number.isNaN(Date.parse(mail!.date))).toBe(false);
    expect(catcher.get('unknown')).toBeNull();
  });

  it('waits for a mail that arrives later, resolves at once for one already kept, times out with 408701', async () => {
    const later = catcher.waitFor((m) => m.subject === 'later', 5_000);
    await send('w@x.it', 'later');
    expect((await later).to).toEqual(['w@x.it']);
    expect((await catcher.waitFor((m) => m.subject === 'later', 1)).subject).toBe('later');
    await expect(catcher.waitFor((m) => m.subject === 'never', 50)).rejects.toMatchObject({ errorCode: MAIL_ERROR_CODES.WAIT_TIMEOUT });
  });

  it('refuses a bad page with 400701', () => {
    expect(() => catcher.list({ limit: -1 })).toThrow(expect.objectContaining({ errorCode: MAIL_ERROR_CODES.QUERY_INVALID }));
    expect(() => catcher.list({ limit: 501 })).toThrow(expect.objectContaining({ errorCode: MAIL_ERROR_CODES.QUERY_INVALID }));
    expect(() => catcher.list({ offset: 0.5 })).toThrow(expect.objectContaining({ errorCode: MAIL_ERROR_CODES.QUERY_INVALID }));
  });

  it('fails to start on a port already taken', async () => {
    await expect(SmtpCatcher.start({ port: catcher.port, logger: silentMailLogger })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  describe('HTTP API', () => {
    const get = async (path: string) => {
      const res = await fetch(`${api.url}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    it('lists, filters, pages and gets caught mail as JSON', async () => {
      await send('h1@x.it', 'first');
      await send('h2@x.it', 'second');
      const list = await get('/messages?to=h1%40x.it');
      expect(list.status).toBe(200);
      const page = list.body as unknown as CaughtMailPage;
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ subject: 'first', to: ['h1@x.it'] });
      expect(((await get('/messages?limit=1&offset=0')).body as unknown as CaughtMailPage).items.map((m) => m.subject)).toEqual(['second']);
      const one = await get(`/messages/${page.items[0]!.id}`);
      expect(one).toMatchObject({ status: 200, body: { id: page.items[0]!.id, html: '<p>html of first</p>' } });
      expect(await get('/health')).toMatchObject({ status: 200, body: { status: 'ok', smtpUrl: catcher.url } });
    });

    it('answers errors with a numeric errorCode', async () => {
      expect(await get('/messages/nope')).toMatchObject({ status: 404, body: { errorCode: MAIL_ERROR_CODES.NOT_FOUND } });
      expect(await get('/messages?limit=abc')).toMatchObject({ status: 400, body: { errorCode: MAIL_ERROR_CODES.QUERY_INVALID } });
      expect(await get('/messages?limit=100000')).toMatchObject({ status: 400, body: { errorCode: MAIL_ERROR_CODES.QUERY_INVALID } });
      expect(await get('/other')).toMatchObject({ status: 404, body: { errorCode: MAIL_ERROR_CODES.NOT_FOUND } });
      const post = await fetch(`${api.url}/messages`, { method: 'POST' });
      expect([post.status, ((await post.json()) as { errorCode: number }).errorCode]).toEqual([405, MAIL_ERROR_CODES.METHOD_NOT_ALLOWED]);
    });

    it('DELETE /messages forgets every message', async () => {
      await send('d@x.it', 'gone');
      expect((await fetch(`${api.url}/messages`, { method: 'DELETE' })).status).toBe(204);
      expect(catcher.list().total).toBe(0);
    });
  });
});

describe('SmtpCatcher: errors of its servers and of their connections', () => {
  const warnings: string[] = [];
  const logger = { info: () => {}, warn: (message: string) => void warnings.push(message) };
  let catcher: SmtpCatcher;
  let mailer: Mailer;
  beforeAll(async () => {
    catcher = await SmtpCatcher.start({ port: 0, logger });
    mailer = new Mailer({ smtpUrl: catcher.url, logger: silentMailLogger });
  });
  afterAll(async () => {
    mailer.close();
    await catcher.close();
  });
  beforeEach(() => void warnings.splice(0));
  const sends = async () => expect((await mailer.send({ to: 'e@x.it', subject: 'still', text: 'still there', html: '<p>still there</p>' })).status).toBe('sent');
  /** What Node emits on a listening server when the process is out of file descriptors. */
  const emfile = () => Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'accept' });

  it('an accept failing after listen on the SMTP listener is logged (smtp-server passes it on) and the catcher goes on', async () => {
    const listener = (catcher as unknown as { server: { server: NetServer } }).server.server;
    listener.emit('error', emfile());
    expect(warnings).toEqual([expect.stringContaining('EMFILE')]);
    await sends();
  });

  it('a client resetting its SMTP connection ends neither the process nor the catcher', async () => {
    const client = connect(catcher.port, '127.0.0.1');
    client.on('error', () => {});
    // The banner: the session is set up, its socket in smtp-server's hands.
    await new Promise((resolve) => client.once('data', resolve));
    client.write('EHLO reset.test\r\nMAIL FROM:<a@x.it>\r\n');
    const closed = new Promise((resolve) => client.once('close', resolve));
    client.resetAndDestroy();
    await closed;
    await sends();
  });

  it('the HTTP API: an accept failing after listen is logged and it goes on answering', async () => {
    const server: Server = createCatcherHttpServer(catcher, logger);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // Without a listener, emit throws it: in the tools' catcher process, an uncaught exception that ends it.
      server.emit('error', emfile());
      expect(warnings).toEqual([expect.stringContaining('EMFILE')]);
      const health = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health`);
      expect(health.status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
