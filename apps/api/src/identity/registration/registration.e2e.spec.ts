/**
 * Dealer registration through HTTP against the real built server (issue 13 item 3): spec 01 §5's country table row by
 * row (a valid registration per country, each row's rules refused), the documents judged by content (600002), hostile
 * multipart bodies (never a 500), a taken username (answered as a new one, the owner told by mail), nothing stored after any refusal, the confirmation mail
 * read from the real SMTP server, and the stored documents served only to the back office. Embedded mode, plus one
 * registration and download on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { connect, type Socket } from 'node:net';
import type { RegistrationCountry } from '@auction/domain';
import { mailTextsFor } from '@auction/mail';
import { realSmtp, waitForMail } from '../../testing/mailbox.test-support.js';
import { ApiClient, createStorage, describeResult, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { SAMPLE_DOCUMENTS, blobFiles, filesFor, loggedEvents, rawPost, registrationFor, signUp } from './registration.test-support.js';

const COUNTRIES: RegistrationCountry[] = ['IT', 'ES', 'BE', 'FR', 'DE', 'NL', 'EN', 'PL', 'PT', 'OTHER'];
const MIB = 1024 * 1024;
const pdfOf = (size: number) => { const b = new Uint8Array(size).fill(0x20); b.set(SAMPLE_DOCUMENTS.pdf.subarray(0, 8)); return b; };

/** Spec 01 §5's table: per row, values that break one of its rules, and the field refused. */
const ROW_VIOLATIONS: [RegistrationCountry, string, Record<string, unknown>][] = [
  ['IT', 'vatCode', { vatCode: '00743110158' }], // 11 digits, wrong checksum
  ['IT', 'vatCode', { vatCode: '0074311015' }],
  ['IT', 'postalCode', { postalCode: '2012' }],
  ['IT', 'postalCode', { postalCode: undefined }],
  ['IT', 'region', { region: undefined }],
  ['IT', 'referenceFiscalCode', { referenceFiscalCode: 'RSSMRA85T10A562X' }], // wrong check character
  ['IT', 'referenceFiscalCode', { referenceFiscalCode: 'RSSMRA85T10A562' }],
  ['IT', 'referenceBirthDate', { referenceBirthDate: undefined }],
  ['IT', 'checkCCA', { checkCCA: false }],
  ['IT', 'checkTec', { checkTec: undefined }],
  ['ES', 'vatCode', { vatCode: 'B1234567' }],
  ['ES', 'postalCode', { postalCode: '2800' }],
  ['ES', 'referenceFiscalCode', { referenceFiscalCode: '1234' }],
  ['ES', 'region', { region: undefined }],
  ['BE', 'vatCode', { vatCode: '012345674' }],
  ['BE', 'postalCode', { postalCode: '10000' }],
  ['FR', 'vatCode', { vatCode: '7328293200007' }],
  ['FR', 'postalCode', { postalCode: '7500' }],
  ['DE', 'vatCode', { vatCode: '136695976' }],
  ['DE', 'vatCode', { vatCode: 'DE1366959761' }],
  ['DE', 'postalCode', { postalCode: '101150' }],
  ['DE', 'referenceFiscalCode', { referenceFiscalCode: '1234567890' }],
  ['NL', 'vatCode', { vatCode: 'N'.repeat(31) }],
  ['NL', 'postalCode', { postalCode: undefined }],
  ['EN', 'vatCode', { vatCode: undefined }],
  ['EN', 'postalCode', { postalCode: 'SW1' }],
  ['PL', 'vatCode', { vatCode: '52602502741' }],
  ['PL', 'postalCode', { postalCode: '00950' }],
  ['PL', 'regon', { regon: '01234567' }],
  ['PL', 'referenceFiscalCode', { referenceFiscalCode: '4405140135' }],
  ['PT', 'vatCode', { vatCode: '50196484' }],
  ['PT', 'postalCode', { postalCode: '1000-01' }],
  ['OTHER', 'vatCode', { vatCode: 'LU-15027442' }],
  ['OTHER', 'referenceFiscalCode', { referenceFiscalCode: '1'.repeat(21) }],
];

describe('dealer registration over HTTP (embedded)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let admin: ApiClient;
  let dealer1: ApiClient;
  /** Stored state before a refusal, compared after it. */
  const snapshot = async () => ({
    blobs: await blobFiles(storage.dataDir!),
    events: (await loggedEvents(admin, ['DealerRegistered', 'UserRegistered'])).length,
  });

  beforeAll(async () => {
    storage = await createStorage('embedded');
    // Every test registers from 127.0.0.1: the per-address ceiling is raised here and tested with its default below.
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, SIGN_UP_ADDRESS_MAX_ATTEMPTS: '100000' });
    base = server.baseUrl;
    [admin, dealer1] = await Promise.all([ApiClient.login(base, 'admin'), ApiClient.login(base, 'dealer1')]);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test.each(COUNTRIES)('a valid registration of %s succeeds: the dealer waits, PENDING and disabled, with its documents', async (country) => {
    const dto = registrationFor(country);
    const res = await signUp(base, dto, filesFor(country));
    expect(res.status).toBe(201);
    expect(res.body.idDealer).toMatch(/^[0-9a-f-]{36}$/);
    const info = await ApiClient.anonymous(base).get(`/api/v1/open/dealer-info?dealerId=${res.body.idDealer}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ idDealer: res.body.idDealer, businessName: dto.businessName, idMarket: country === 'OTHER' ? 'LU' : country });
    const [event] = (await loggedEvents(admin, ['DealerRegistered'])).filter((e) => e.data.idDealer === res.body.idDealer);
    expect(event?.data).toMatchObject({ status: 'PENDING', flgEnabled: false, country: String(dto.country), typeDealerActivity: dto.typeDealerActivity });
    expect(event!.data.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(Object.keys(filesFor(country)).sort());
    // No personal data in the log: neither the business nor the reference person.
    const text = JSON.stringify(event);
    for (const value of [dto.businessName, dto.email, dto.vatCode, dto.referenceSurname, dto.mobile]) expect(text).not.toContain(String(value));
  });

  test.each(ROW_VIOLATIONS)('%s: a wrong %s is refused with 422101, and nothing is stored', async (country, field, change) => {
    const before = await snapshot();
    const dto = { ...registrationFor(country), ...change };
    const res = await signUp(base, dto, filesFor(country));
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe(422101);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  test('the IT and DE visura is required (600002); the legal document everywhere (600002); nothing stored', async () => {
    const before = await snapshot();
    for (const country of ['IT', 'DE'] as const) {
      const res = await signUp(base, registrationFor(country), { ...filesFor(country), visura: undefined });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ errorCode: 600002, details: [{ field: 'visura', rule: 'registrationForm.error.document' }] });
    }
    for (const country of ['ES', 'FR'] as const) {
      const res = await signUp(base, registrationFor(country), { ...filesFor(country), doc: undefined });
      expect(res.body.errorCode).toBe(600002);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('documents are judged by content: a PNG named .pdf as visura, a text file, an oversize file are 600002; nothing stored', async () => {
    const before = await snapshot();
    const it = filesFor('IT');
    const cases: Record<string, unknown>[] = [
      { ...it, visura: { bytes: SAMPLE_DOCUMENTS.png, name: 'visura.pdf' } },
      { ...it, visura: { bytes: SAMPLE_DOCUMENTS.jpeg, name: 'visura.jpg' } },
      { ...it, doc: { bytes: SAMPLE_DOCUMENTS.text, name: 'identity.pdf' } },
      { ...it, doc: { bytes: SAMPLE_DOCUMENTS.postscript, name: 'identity.eps' } },
      { ...it, doc2: { bytes: pdfOf(10 * MIB + 1), name: 'big.pdf' } },
      { ...it, doc: { bytes: SAMPLE_DOCUMENTS.pdf, name: '../../etc/passwd.pdf' } },
    ];
    for (const files of cases) {
      const res = await signUp(base, registrationFor('IT'), files as never);
      expect([res.status, res.body.errorCode]).toEqual([422, 600002]);
    }
    // The whole body beyond three documents' worth: refused before it is kept.
    const huge = { ...it, visura: { bytes: pdfOf(12 * MIB), name: 'a.pdf' }, doc: { bytes: pdfOf(12 * MIB), name: 'b.pdf' }, doc2: { bytes: pdfOf(8 * MIB), name: 'c.pdf' } };
    const res = await signUp(base, registrationFor('IT'), huge);
    expect([res.status, res.body.errorCode]).toEqual([422, 600002]);
    expect(await snapshot()).toEqual(before);
  });

  test('hostile or wrong bodies get a clean 4xx with a numeric errorCode, never a 500, and store nothing', async () => {
    const before = await snapshot();
    const url = `${base}/api/v1/open/sign-up`;
    const dto = JSON.stringify(registrationFor('ES'));
    const part = (name: string, value: string, filename?: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
    const whole = `${part('dealerFullDTO', dto)}${part('doc', new TextDecoder('latin1').decode(SAMPLE_DOCUMENTS.pdf), 'a.pdf')}--B--\r\n`;
    // One at a time: a client reads at most MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS bodies at once.
    const checks: [string, () => Promise<{ status: number; body: any }>, number, number][] = [
      ['truncated body', () => rawPost(url, whole.slice(0, whole.length - 40), 'multipart/form-data; boundary=B'), 400, 400001],
      ['no closing boundary', () => rawPost(url, whole.replace('--B--\r\n', ''), 'multipart/form-data; boundary=B'), 400, 400001],
      ['boundary missing from the content type', () => rawPost(url, whole, 'multipart/form-data'), 400, 400001],
      ['a JSON body', () => rawPost(url, dto, 'application/json'), 415, 415001],
      ['a text body', () => rawPost(url, 'hello', 'text/plain'), 415, 415001],
      ['an unknown part', () => signUp(base, registrationFor('ES'), filesFor('ES'), [['passport', { bytes: SAMPLE_DOCUMENTS.pdf, name: 'p.pdf' }]]), 400, 400001],
      ['a part twice', () => signUp(base, registrationFor('ES'), filesFor('ES'), [['doc', { bytes: SAMPLE_DOCUMENTS.pdf, name: 'p.pdf' }]]), 400, 400001],
      ['many files', () => signUp(base, registrationFor('ES'), filesFor('ES'), Array.from({ length: 200 }, (_, i): [string, { bytes: Uint8Array; name: string }] => [`f${i}`, { bytes: SAMPLE_DOCUMENTS.png, name: 'x.png' }])), 400, 400001],
      ['a huge dealerFullDTO', () => signUp(base, JSON.stringify({ ...registrationFor('ES'), address: 'x'.repeat(200_000) }), filesFor('ES')), 400, 400001],
      ['dealerFullDTO not JSON', () => signUp(base, '{"businessName":', filesFor('ES')), 400, 400002],
      ['dealerFullDTO an array', () => signUp(base, '[1,2]', filesFor('ES')), 422, 422101],
      ['dealerFullDTO with a NUL', () => signUp(base, { ...registrationFor('ES'), city: 'Ma\u0000drid' }, filesFor('ES')), 400, 400001],
      ['a document as a text part', () => signUp(base, registrationFor('ES'), {}, [['doc', 'not a file']]), 422, 600002],
      ['no dealerFullDTO', () => rawPost(url, `${part('doc', '%PDF-1.4', 'a.pdf')}--B--\r\n`, 'multipart/form-data; boundary=B'), 422, 422101],
      ['wrong types in the JSON', () => signUp(base, { ...registrationFor('ES'), checkConsents1: 'yes', businessName: 42 }, filesFor('ES')), 422, 422101],
    ];
    for (const [name, call, status, code] of checks) {
      const res = await call();
      expect([name, res.status, res.body?.errorCode]).toEqual([name, status, code]);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('a taken username answers as a new registration (no account enumeration), stores nothing and tells the owner by mail; the DE username is the dealer e-mail', async () => {
    const first = registrationFor('IT');
    const created = await signUp(base, first, filesFor('IT'));
    expect(created.status).toBe(201);
    const before = await snapshot();
    const again = { ...registrationFor('IT'), referenceEmail: String(first.referenceEmail).toUpperCase() };
    const res = await signUp(base, again, filesFor('IT'));
    // Issue 21 item 8: this was 409110, which told anyone that the e-mail has an account.
    expect([res.status, Object.keys(res.body)]).toEqual([201, Object.keys(created.body)]);
    expect(res.body.idDealer).not.toBe(created.body.idDealer);
    expect((await admin.get(`/api/v1/admin/dealer?idDealer=${res.body.idDealer}`)).body.errorCode).toBe(404040);
    // In the owner's language (Italian here).
    const [notice] = await waitForMail(String(first.referenceEmail));
    expect(notice!.subject).toBe(mailTextsFor('it').signUpExisting.subject);
    // The typed dealer e-mail gets what a new registration gives it: the confirmation.
    expect((await waitForMail(again.email))[0]!.text).toContain(String((again as Record<string, unknown>).businessName));
    const de = registrationFor('DE');
    expect((await signUp(base, de, filesFor('DE'))).status).toBe(201);
    const before2 = await snapshot();
    const sameDealerMail = { ...registrationFor('DE'), email: de.email, confEmail: de.email, referenceEmail: 'h1-hidden-field@example.com' };
    expect((await signUp(base, sameDealerMail, filesFor('DE'))).status).toBe(201);
    expect((await waitForMail(de.email, 2))[0]!.subject).toBe(mailTextsFor('de').signUpExisting.subject);
    expect((await snapshot()).blobs).toEqual(before2.blobs);
    expect(before2.events).toBe(before.events + 2); // the DE dealer and its user; the taken IT one left nothing
  }, 60_000);

  test('the confirmation mail reaches the real SMTP server, in the registrant\'s language, to the dealer e-mail', async () => {
    const dto = registrationFor('IT');
    expect((await signUp(base, dto, filesFor('IT'))).status).toBe(201);
    const [mail] = await waitForMail(dto.email);
    expect(mail!.to).toContain(dto.email);
    expect(mail!.text).toContain(String(dto.businessName));
    const de = registrationFor('DE');
    expect((await signUp(base, de, filesFor('DE'))).status).toBe(201);
    const [deMail] = await waitForMail(de.email);
    expect(deMail!.subject).not.toBe(mail!.subject); // German, not Italian
  });

  test('the back office downloads a document (sniffed type, attachment, nosniff); a dealer gets 403, anonymous 401', async () => {
    const res = await signUp(base, registrationFor('IT'), filesFor('IT'));
    const [event] = (await loggedEvents(admin, ['DealerRegistered'])).filter((e) => e.data.idDealer === res.body.idDealer);
    const doc2 = event!.data.documents.find((d: { kind: string }) => d.kind === 'doc2');
    const path = `/api/v1/admin/file/${doc2.idFile}`;
    const file = await fetch(base + path, { headers: { token: admin.credentials.token! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SAMPLE_DOCUMENTS.png);
    expect(doc2).toMatchObject({ mediaType: 'image/png', size: SAMPLE_DOCUMENTS.png.length });
    const byDealer = await dealer1.get(path);
    expect([byDealer.status, byDealer.body.errorCode]).toEqual([403, 403001]);
    const anonymous = await ApiClient.anonymous(base).get(path);
    expect([anonymous.status, anonymous.body.errorCode]).toEqual([401, 401001]);
    const unknown = await admin.get(`/api/v1/admin/file/${'A'.repeat(32)}`);
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 404030]);
    const bad = await admin.get('/api/v1/admin/file/..%2F..%2Fetc');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  test('GET /admin/file opens a PDF or image in place under a name given by its type; EPS and bad names stay safe (#21 item 20)', async () => {
    const res = await signUp(base, registrationFor('IT'), filesFor('IT'));
    const [event] = (await loggedEvents(admin, ['DealerRegistered'])).filter((e) => e.data.idDealer === res.body.idDealer);
    const doc2 = event!.data.documents.find((d: { kind: string }) => d.kind === 'doc2');
    const get = (query: string) => fetch(`${base}/api/v1/admin/file/${doc2.idFile}${query}`, { headers: { token: admin.credentials.token! } });
    const inline = await get('?disposition=inline&name=' + encodeURIComponent('Documento d\'identità 2 - Autosalone'));
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toBe(
      'inline; filename="Documento d\'identita 2 - Autosalone.png"; filename*=UTF-8\'\'Documento%20d%27identit%C3%A0%202%20-%20Autosalone.png');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    const named = await get('?name=Visura');
    expect(named.headers.get('content-disposition')).toMatch(/^attachment; filename="Visura\.png"/);
    expect(named.headers.get('content-disposition')).not.toContain(doc2.idFile);
    const bad = await admin.get(`/api/v1/admin/file/${doc2.idFile}?disposition=script`);
    expect([bad.status, bad.body.errorCode]).toEqual([400, 400001]);
    const control = await admin.get(`/api/v1/admin/file/${doc2.idFile}?name=${encodeURIComponent('a\r\nSet-Cookie: x=1')}`);
    expect([control.status, control.body.errorCode]).toEqual([400, 400001]);
  });

  test('POST /secure/file stores a logged-in user\'s upload by content; refuses anonymous, wrong types, other parts', async () => {
    const upload = (client: ApiClient | null, form: FormData) =>
      fetch(`${base}/api/v1/secure/file`, { method: 'POST', body: form, headers: client ? { token: client.credentials.token! } : {} })
        .then(async (r) => ({ status: r.status, body: await r.json() as any }));
    const formOf = (bytes: Uint8Array, name: string, field = 'file') => { const f = new FormData(); f.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>]), name); return f; };
    const ok = await upload(dealer1, formOf(SAMPLE_DOCUMENTS.jpeg, 'photo.jpg'));
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ idFile: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), mediaType: 'image/jpeg', size: SAMPLE_DOCUMENTS.jpeg.length });
    expect((await fetch(`${base}/api/v1/admin/file/${ok.body.idFile}`, { headers: { token: admin.credentials.token! } })).headers.get('content-type')).toBe('image/jpeg');
    expect((await dealer1.get(`/api/v1/admin/file/${ok.body.idFile}`)).status).toBe(403);
    const before = await blobFiles(storage.dataDir!);
    expect([(await upload(null, formOf(SAMPLE_DOCUMENTS.png, 'a.png'))).status]).toEqual([401]);
    expect((await upload(dealer1, formOf(SAMPLE_DOCUMENTS.text, 'a.png'))).body.errorCode).toBe(600002);
    expect((await upload(dealer1, formOf(SAMPLE_DOCUMENTS.png, 'a.png', 'other'))).body.errorCode).toBe(400001);
    const big = await upload(dealer1, formOf(pdfOf(11 * MIB), 'a.pdf'));
    expect([big.status, big.body.errorCode]).toEqual([413, 413001]);
    const json = await dealer1.post('/api/v1/secure/file', { body: { file: 'x' } });
    expect([json.status, json.body.errorCode]).toEqual([415, 415001]);
    expect(await blobFiles(storage.dataDir!)).toEqual(before);
  });

  test('dealer-info: public, 404040 for an unknown dealer, 400 for a malformed id; demo dealers are known', async () => {
    const anonymous = ApiClient.anonymous(base);
    expect((await anonymous.get('/api/v1/open/dealer-info?dealerId=D-1001')).body).toEqual({ idDealer: 'D-1001', businessName: 'Demo Motors 1001', idMarket: 'IT' });
    const unknown = await anonymous.get('/api/v1/open/dealer-info?dealerId=00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 404040]);
    const bad = await anonymous.get('/api/v1/open/dealer-info?dealerId=%27%20OR%201%3D1');
    expect([bad.status, bad.body.errorCode]).toEqual([400, 400001]);
    expect((await anonymous.get('/api/v1/open/dealer-info')).status).toBe(400);
  });

  test('reference-dealer: the dealer\'s own users and the back office; 403002 for another dealer, 401 anonymous', async () => {
    const dto = registrationFor('IT');
    const { body } = await signUp(base, dto, filesFor('IT'));
    const path = `/api/v1/secure/reference-dealer?idDealer=${body.idDealer}`;
    const byAdmin = await admin.get(path);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      idDealer: body.idDealer, referenceName: 'Mario', referenceSurname: 'Rossi', referenceEmail: dto.referenceEmail,
      referenceFiscalCode: 'RSSMRA85T10A562S', referenceBirthDate: '1985-12-10',
    });
    const other = await dealer1.get(path);
    expect([other.status, other.body.errorCode]).toEqual([403, 403002]);
    const own = await dealer1.get('/api/v1/secure/reference-dealer?idDealer=D-1001');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ idDealer: 'D-1001', referenceFiscalCode: null });
    expect((await ApiClient.anonymous(base).get(path)).status).toBe(401);
    const unknown = await admin.get('/api/v1/secure/reference-dealer?idDealer=nope');
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 404040]);
  });

  test('other routes keep refusing multipart bodies (415)', async () => {
    const form = new FormData();
    form.append('x', 'y');
    const res = await fetch(`${base}/api/v1/secure/auction`, { method: 'POST', body: form, headers: { token: admin.credentials.token! } });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { errorCode: number }).errorCode).toBe(415001);
  });
});

describe('dealer registration limits (embedded, default per-address limit)', () => {
  let storage: ServerStorage;
  let server: RunningServer;

  beforeAll(async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  /** Bodies that announce 100 kB and send a few bytes, then wait (a slowloris client); closed by the caller. */
  const trickle = (count: number) => Promise.all(Array.from({ length: count }, () => new Promise<Socket>((resolve, reject) => {
    const url = new URL(server.baseUrl);
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write('POST /api/v1/open/sign-up HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 100000\r\n\r\n--B\r\n');
      setTimeout(() => resolve(socket), 300);
    });
    socket.on('error', reject);
  })));

  test('one address trickling bodies holds at most 4 reading slots: its next body is 429001 with Retry-After; served again once they close', async () => {
    const sockets = await trickle(4);
    try {
      const busy = await signUp(server.baseUrl, registrationFor('PT'), filesFor('PT'));
      expect([busy.status, busy.body.errorCode]).toEqual([429, 429001]);
    } finally {
      sockets.forEach((s) => s.destroy());
    }
    await new Promise((r) => setTimeout(r, 300));
    expect((await signUp(server.baseUrl, registrationFor('PT'), filesFor('PT'))).status).toBe(201);
  });

  test('at most 10 sign-up calls per address in 15 minutes, refused or not: then 429001 with Retry-After before the body is read', async () => {
    // The test above made 6 calls (4 trickling, one refused, one registered).
    for (let i = 0; i < 4; i++) expect((await signUp(server.baseUrl, '[1,2]', filesFor('PT'))).status).toBe(422);
    const res = await fetch(`${server.baseUrl}/api/v1/open/sign-up`, { method: 'POST', body: (() => {
      const form = new FormData();
      form.append('dealerFullDTO', JSON.stringify(registrationFor('PT')));
      form.append('doc', new Blob([SAMPLE_DOCUMENTS.pdf as Uint8Array<ArrayBuffer>]), 'd.pdf');
      return form;
    })(), headers: { 'x-forwarded-for': '198.51.100.7' } }); // not believed without TRUST_PROXY
    expect(res.status).toBe(429);
    expect(((await res.json()) as { errorCode: number }).errorCode).toBe(429001);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other calls of the same address are not affected.
    expect((await fetch(`${server.baseUrl}/api/v1/open/dealer-info?dealerId=D-1001`)).status).toBe(200);
  });

  test('at most 30 uploads per user an hour (nothing deletes an unreferenced upload): then 429001 with Retry-After; another user is served', async () => {
    const [dealer3, dealer4] = await Promise.all([ApiClient.login(server.baseUrl, 'dealer3'), ApiClient.login(server.baseUrl, 'dealer4')]);
    const upload = (client: ApiClient) => {
      const form = new FormData();
      form.append('file', new Blob([SAMPLE_DOCUMENTS.png as Uint8Array<ArrayBuffer>]), 'a.png');
      return fetch(`${server.baseUrl}/api/v1/secure/file`, { method: 'POST', body: form, headers: { token: client.credentials.token! } });
    };
    for (let i = 0; i < 30; i++) expect((await upload(dealer3)).status).toBe(201);
    const stored = await blobFiles(storage.dataDir!);
    const refused = await upload(dealer3);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(429001);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await blobFiles(storage.dataDir!)).toEqual(stored);
    expect((await upload(dealer4)).status).toBe(201);
  });
});

describe('dealer registration on PostgreSQL (files in the database)', () => {
  let storage: ServerStorage;
  let server: RunningServer;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SIGN_UP_ADDRESS_MAX_ATTEMPTS: '100000' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('registers a dealer, and the back office downloads its visura; a refusal stores nothing', async () => {
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const res = await signUp(server.baseUrl, registrationFor('DE'), filesFor('DE'));
    expect(res.status).toBe(201);
    const [event] = (await loggedEvents(admin, ['DealerRegistered'], storage)).filter((e) => e.data.idDealer === res.body.idDealer);
    const visura = event!.data.documents.find((d: { kind: string }) => d.kind === 'visura');
    const file = await fetch(`${server.baseUrl}/api/v1/admin/file/${visura.idFile}`, { headers: { token: admin.credentials.token! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SAMPLE_DOCUMENTS.pdf);
    const dealers = (await loggedEvents(admin, ['DealerRegistered'], storage)).length;
    const refused = await signUp(server.baseUrl, registrationFor('DE'), { ...filesFor('DE'), visura: { bytes: SAMPLE_DOCUMENTS.png, name: 'v.pdf' } });
    expect(refused.body.errorCode).toBe(600002);
    expect((await loggedEvents(admin, ['DealerRegistered'], storage)).length).toBe(dealers);
    expect(describeResult({ status: refused.status, body: refused.body } as never)).toContain('422');
  });
});
