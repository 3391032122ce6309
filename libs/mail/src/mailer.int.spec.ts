import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_ERROR_CODES } from './errors.js';
import { silentMailLogger, type MailLogger } from './logger.js';
import { openMailService } from './mail-service.js';
import { Mailer } from './mailer.js';
import { DEFAULT_CATCHER_MAX_MESSAGE_BYTES, SmtpCatcher } from './smtp-catcher.js';
import { renderInvitation, renderPasswordRecovery } from './templates/templates.js';

const site = { baseUrl: 'https://portal.example.com/', portalName: 'Vehicle Auctions' };

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Log lines, to check the message id is logged. */
function recordingLogger(): MailLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`) };
}

describe('Mailer through nodemailer to a real SMTP server', () => {
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await SmtpCatcher.start({ port: 0, maxMessageBytes: 64 * 1024, logger: silentMailLogger });
  });
  afterAll(() => catcher.close());
  beforeEach(() => void catcher.clear());

  it('delivers a rendered template: recipient, subject, both parts, escaping and the link with its parameters', async () => {
    const logger = recordingLogger();
    const mailer = new Mailer({ smtpUrl: catcher.url, from: '"Aste <Italia>" <aste@example.it>', logger });
    const rendered = renderInvitation({
      language: 'it', site, email: 'anna.bianchi@example.com', tag: 'tag&=/+ 1', dealerId: 'D-42', dealerName: 'Rossi <b>Auto</b> & "Figli"', validForMinutes: 1440,
    });
    const result = await mailer.send({ to: 'Anna Bianchi <anna.bianchi@example.com>', ...rendered });
    mailer.close();

    expect(result).toMatchObject({ status: 'sent', accepted: ['anna.bianchi@example.com'], rejected: [], attempts: 1 });
    const mail = await catcher.waitFor((m) => m.messageId === result.messageId, 5_000);
    expect(mail.to).toEqual(['anna.bianchi@example.com']);
    expect(mail.from).toBe('aste@example.it');
    expect(mail.subject).toBe('Rossi <b>Auto</b> & "Figli" ti invita su Vehicle Auctions');
    expect(mail.text).toContain('Rossi <b>Auto</b> & "Figli" ti ha invitato');
    expect(mail.html).toContain('Rossi &lt;b&gt;Auto&lt;/b&gt; &amp; &quot;Figli&quot; ti ha invitato');
    expect(mail.html).not.toContain('<b>Auto</b>');
    const linkLine = mail.text.split('\n').find((line) => line.startsWith('https://portal.example.com/user-signup?'));
    const link = new URL(linkLine!);
    expect(Object.fromEntries(link.searchParams)).toEqual({ email: 'anna.bianchi@example.com', tag: 'tag&=/+ 1', dealerId: 'D-42' });
    expect(mail.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    expect(mail.headers['content-type']).toContain('multipart/alternative');
    expect(logger.lines).toEqual([`info sent ${result.messageId} to a***@example.com, attempt 1`]);
  });

  it('sends to several recipients and reports each accepted one', async () => {
    const mailer = new Mailer({ smtpUrl: catcher.url, logger: silentMailLogger });
    const result = await mailer.send({ to: ['a@example.com', 'b@example.com'], ...renderPasswordRecovery({ language: 'de', site, username: 'u', tag: 't', validForMinutes: 30 }) });
    mailer.close();
    expect(result).toMatchObject({ status: 'sent', accepted: ['a@example.com', 'b@example.com'] });
    expect((await catcher.waitFor((m) => m.messageId === result.messageId)).to).toEqual(['a@example.com', 'b@example.com']);
  });

  it('refuses an invalid recipient without contacting the server (422702)', async () => {
    const mailer = new Mailer({ smtpUrl: catcher.url, logger: silentMailLogger });
    const result = await mailer.send({ to: 'not an address', subject: 's', text: 't', html: '<p>h</p>' });
    mailer.close();
    expect(result).toMatchObject({ status: 'failed', errorCode: MAIL_ERROR_CODES.ADDRESS_INVALID, attempts: 0 });
    expect(catcher.list().total).toBe(0);
  });

  it('has the catcher refuse an oversize message for good (502701, no retry) and keep nothing', async () => {
    const mailer = new Mailer({ smtpUrl: catcher.url, logger: silentMailLogger });
    const big = 'x'.repeat(100 * 1024);
    const result = await mailer.send({ to: 'big@example.com', subject: 'big', text: big, html: `<p>${big}</p>` });
    mailer.close();
    expect(result).toMatchObject({ status: 'failed', errorCode: MAIL_ERROR_CODES.REJECTED, attempts: 1 });
    expect(result.status === 'failed' && result.error).toMatch(/552|size/i);
    expect(catcher.list().total).toBe(0);
    expect(DEFAULT_CATCHER_MAX_MESSAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('reports a closed port as a failure after the retries, quickly and without throwing (503701)', async () => {
    const logger = recordingLogger();
    const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, logger, retry: { attempts: 2, initialDelayMs: 20 } });
    const started = Date.now();
    const result = await mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    mailer.close();
    expect(result).toMatchObject({ status: 'failed', errorCode: MAIL_ERROR_CODES.UNAVAILABLE, attempts: 2, accepted: [] });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logger.lines.at(-1)).toContain(`NOT sent ${result.messageId} to x***@example.com`);
  });

  it('gives up within the default policy’s three attempts on a closed port', async () => {
    const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, logger: silentMailLogger });
    const started = Date.now();
    const result = await mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    mailer.close();
    expect(result).toMatchObject({ status: 'failed', errorCode: MAIL_ERROR_CODES.UNAVAILABLE, attempts: 3 });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  describe('against a server that accepts connections and never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('times out instead of hanging', async () => {
      const { port } = silent.address() as AddressInfo;
      const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, logger: silentMailLogger, retry: { attempts: 1 }, timeouts: { greetingMs: 200 } });
      const started = Date.now();
      const result = await mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>h</p>' });
      mailer.close();
      expect(result).toMatchObject({ status: 'failed', errorCode: MAIL_ERROR_CODES.UNAVAILABLE, attempts: 1 });
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  it('stops retrying when closed', async () => {
    const mailer = new Mailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, logger: silentMailLogger, retry: { attempts: 5, initialDelayMs: 5_000 } });
    const pending = mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    setTimeout(() => mailer.close(), 100);
    const started = Date.now();
    expect(await pending).toMatchObject({ status: 'failed', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('openMailService', () => {
  it('without SMTP_URL runs an embedded catcher and sends to it', async () => {
    const service = await openMailService({ MAIL_FROM: 'portal@example.com' }, { logger: silentMailLogger });
    try {
      expect(service.catcher).not.toBeNull();
      const result = await service.mailer.send({ to: 'e@example.com', subject: 'embedded', text: 't', html: '<p>h</p>' });
      expect(result.status).toBe('sent');
      expect((await service.catcher!.waitFor((m) => m.subject === 'embedded')).from).toBe('portal@example.com');
    } finally {
      await service.close();
    }
  });

  it('with SMTP_URL sends to that relay and runs no catcher', async () => {
    const relay = await SmtpCatcher.start({ logger: silentMailLogger });
    const service = await openMailService({ SMTP_URL: relay.url }, { logger: silentMailLogger });
    try {
      expect(service.catcher).toBeNull();
      const result = await service.mailer.send({ to: 'r@example.com', subject: 'relayed', text: 't', html: '<p>h</p>' });
      expect((await relay.waitFor((m) => m.messageId === result.messageId)).subject).toBe('relayed');
    } finally {
      await service.close();
      await relay.close();
    }
  });

  it('refuses a bad SMTP_URL with 500701', async () => {
    await expect(openMailService({ SMTP_URL: 'smtp//oops' }, { logger: silentMailLogger })).rejects.toMatchObject({ errorCode: MAIL_ERROR_CODES.CONFIG_INVALID });
  });
});
