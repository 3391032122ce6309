/**
 * Issue 23 item 6, the public portal's content, against the built server (embedded): the top banners' back office
 * (create, edit, delete, paged list; roles and market scope), the home's `open/top-cms` (mkt and lang required, only the
 * enabled banners of that market and language, in order), image uploads through sharp (AVIF and WebP renditions served
 * by `open/image`, the preview by `open/temp-image`, refusals keeping nothing) and hostile image paths.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { download, pngBomb, upload } from '../../vehicles/uploads/vehicle-uploads.test-support.js';

const A = '/api/v1/admin/top-cms';
const O = '/api/v1/open';

/** A real PNG of `width` × `height`: a gradient with a shape, so the encoders have something to do. */
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
  .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#facc15"/></svg>`) }])
  .png().toBuffer();

describe('top banners and public images (embedded)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  let dealer1: ApiClient;
  let anonymous: ApiClient;
  const image = async (who: ApiClient, slot: string, bytes: Uint8Array, name = 'banner.png', type = 'image/png') =>
    upload(who, `${A}/image?slot=${slot}`, { file: { bytes, name, type } });
  const desktop = async (who = admin) => {
    const res = await image(who, 'desktop', await png(1400, 450));
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.idImage as string;
  };
  const blobCount = async () => (await readdir(path.join(storage.dataDir!, 'blobs')).catch(() => [])).length;

  beforeAll(async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage);
    [admin, customer, dealer1] = await Promise.all(['admin', 'customer', 'dealer1'].map((u) => ApiClient.login(server.baseUrl, u)));
    anonymous = ApiClient.anonymous(server.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('an uploaded PNG becomes AVIF and WebP renditions, previewed by temp-image and, once saved, served by open/image', async () => {
    const uploaded = await image(admin, 'desktop', await png(1600, 500));
    expect(uploaded.status).toBe(201);
    const sources: { url: string; width: number; type: string }[] = uploaded.body.sources;
    expect(sources.map((s) => [s.type, s.width])).toEqual([['image/avif', 1600], ['image/avif', 1280], ['image/webp', 1600], ['image/webp', 1280]]);
    const webp = sources.find((s) => s.type === 'image/webp')!;
    expect(webp.url).toMatch(/^\/api\/v1\/open\/temp-image\?path=temp\/[A-Za-z0-9_-]{32}$/);
    const preview = await download(anonymous, webp.url);
    expect([preview.status, preview.headers.get('content-type'), preview.headers.get('cache-control')]).toEqual([200, 'image/webp', 'private, max-age=600']);
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    // Not saved yet: not a public image.
    expect((await download(anonymous, `${O}/image?path=top-cms/${webp.url.slice(-32)}`)).status).toBe(404);

    const created = await admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'Aste live', ctaLabel: 'Scopri', ctaUrl: '/registration', order: 2, image: uploaded.body.idImage } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ mkt: 'IT', lang: 'it', title: 'Aste live', cta: '/registration', enabled: true, imageTablet: null, imageMobile: null });
    expect(created.body.imageUrlMobile).toBe(created.body.imageUrl);
    const served = await download(anonymous, created.body.imageUrl);
    expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options'), served.headers.get('cache-control')])
      .toEqual([200, 'image/webp', 'nosniff', 'public, max-age=31536000, immutable']);
    expect(served.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const avif = await download(anonymous, created.body.image.sources[0].url);
    expect([avif.status, avif.headers.get('content-type'), (await sharp(avif.bytes).metadata()).format]).toEqual([200, 'image/avif', 'heif']);
    const etag = served.headers.get('etag')!;
    expect((await download(anonymous, created.body.imageUrl, { 'if-none-match': etag })).status).toBe(304);
    // Saved: the preview URL no longer answers; the upload cannot name a second banner.
    expect((await download(anonymous, webp.url)).status).toBe(404);
    const reused = await admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'Copy', image: uploaded.body.idImage } });
    expect([reused.status, reused.body.errorCode]).toEqual([404, 404401]);
  }, 60_000);

  test('open/top-cms: mkt and lang required; only the enabled banners of that market and language, in order', async () => {
    for (const query of ['', '?mkt=IT', '?lang=it', '?mkt=XX&lang=it', '?mkt=IT&lang=xx', '?mkt=it&lang=it']) {
      const res = await anonymous.get(`${O}/top-cms${query}`);
      expect({ query, status: res.status, code: res.body.errorCode }).toEqual({ query, status: 400, code: 400400 });
    }
    const first = await admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'Primo', order: 1, image: await desktop() } });
    const hidden = await admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'Nascosto', order: 0, enabled: false, image: await desktop() } });
    const english = await admin.post(A, { body: { mkt: 'IT', lang: 'en', title: 'English', image: await desktop() } });
    const german = await admin.post(A, { body: { mkt: 'DE', lang: 'de', title: 'Deutsch', image: await desktop() } });
    expect([first.status, hidden.status, english.status, german.status]).toEqual([201, 201, 201, 201]);
    const it = await anonymous.get(`${O}/top-cms?mkt=IT&lang=it`);
    expect([it.status, it.body.map((b: { title: string }) => b.title)]).toEqual([200, ['Primo', 'Aste live']]);
    expect((await anonymous.get(`${O}/top-cms?mkt=IT&lang=en`)).body.map((b: { id: string }) => b.id)).toEqual([english.body.id]);
    expect((await anonymous.get(`${O}/top-cms?mkt=DE&lang=de`)).body.map((b: { id: string }) => b.id)).toEqual([german.body.id]);
    expect((await anonymous.get(`${O}/top-cms?mkt=DE&lang=it`)).body).toEqual([]);
    // A language the market does not offer is refused at write time.
    const wrong = await admin.post(A, { body: { mkt: 'FR', lang: 'de', title: 'Falsch', image: await desktop() } });
    expect([wrong.status, wrong.body.errorCode]).toEqual([422, 422400]);
    // Enabling the hidden one puts it first (order 0); editing the order moves it.
    expect((await admin.put(A, { body: { id: hidden.body.id, enabled: true } })).status).toBe(200);
    expect((await anonymous.get(`${O}/top-cms?mkt=IT&lang=it`)).body.map((b: { title: string }) => b.title)).toEqual(['Nascosto', 'Primo', 'Aste live']);
    const moved = await admin.put(A, { body: { id: hidden.body.id, order: 9, title: 'Ultimo', ctaLabel: 'Vai', ctaUrl: 'https://example.com/x' } });
    expect([moved.status, moved.body.title, moved.body.cta]).toEqual([200, 'Ultimo', 'https://example.com/x']);
    expect((await anonymous.get(`${O}/top-cms?mkt=IT&lang=it`)).body.map((b: { title: string }) => b.title)).toEqual(['Primo', 'Aste live', 'Ultimo']);
    const info = await anonymous.get(`${O}/info?market=IT`);
    expect(info.body.topCmsLanguages).toEqual(['en', 'it']);
  }, 90_000);

  test('the back office: paged and sorted list, edit with a new image, delete (its images go), bad input', async () => {
    const page = await admin.get(`${A}?mkt=IT&sortField=title&sortOrder=desc&limit=2`);
    expect([page.status, page.body.total, page.body.items.map((b: { title: string }) => b.title)]).toEqual([200, 4, ['Ultimo', 'Primo']]);
    expect((await admin.get(`${A}?mkt=IT&sortField=title&sortOrder=desc&limit=2&offset=2`)).body.items.map((b: { title: string }) => b.title)).toEqual(['English', 'Aste live']);
    const banner = page.body.items[1];
    const mobile = await image(admin, 'mobile', await png(700, 900));
    expect(mobile.body.sources.map((s: { width: number }) => s.width)).toEqual([700, 480, 700, 480]);
    const oldUrl = banner.imageUrl;
    const edited = await admin.put(A, { body: { id: banner.id, image: await desktop(), imageMobile: mobile.body.idImage } });
    expect([edited.status, edited.body.imageMobile.idImage, edited.body.imageUrl === oldUrl]).toEqual([200, mobile.body.idImage, false]);
    expect((await download(anonymous, edited.body.imageUrlMobile)).status).toBe(200);
    expect((await download(anonymous, oldUrl)).status).toBe(404);
    const unchanged = await admin.put(A, { body: { id: banner.id, title: banner.title, imageMobile: mobile.body.idImage } });
    expect([unchanged.status, unchanged.body.imageMobile.idImage]).toEqual([200, mobile.body.idImage]);

    expect((await admin.delete(`${A}?id=${banner.id}`)).status).toBe(204);
    expect((await admin.delete(`${A}?id=${banner.id}`)).status).toBe(204);
    expect((await anonymous.get(`${O}/top-cms?mkt=IT&lang=it`)).body.map((b: { id: string }) => b.id)).not.toContain(banner.id);
    expect((await download(anonymous, edited.body.imageUrlMobile)).status).toBe(404);
    expect((await admin.put(A, { body: { id: banner.id, title: 'X' } })).body.errorCode).toBe(404400);
    expect((await admin.delete(`${A}?id=nope`)).body.errorCode).toBe(404400);
    const bad = [
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: '', image: 'x'.repeat(32) } }),
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'short' } }),
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'x'.repeat(32), ctaLabel: 'Go', ctaUrl: 'javascript:alert(1)' } }),
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'x'.repeat(32), ctaLabel: 'Go', ctaUrl: '//evil.example' } }),
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'x'.repeat(32), ctaLabel: 'Go' } }),
      admin.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'x'.repeat(32), extra: 1 } }),
      admin.put(A, { body: { id: banner.id, mkt: 'DE' } }),
      admin.get(`${A}?sortField=password`),
      admin.delete(A),
    ];
    for (const res of await Promise.all(bad)) expect([res.status, res.body.errorCode]).toEqual([400, 400001]);
  }, 90_000);

  test('roles and market scope: a dealer 403, no login 401, a market-limited admin never touches another market\'s banner', async () => {
    const far = await admin.post(A, { body: { mkt: 'OTHER', lang: 'en', title: 'Far away', image: await desktop() } });
    expect(far.status).toBe(201);
    for (const call of [dealer1.get(A), dealer1.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: 'x'.repeat(32) } }),
      dealer1.put(A, { body: { id: far.body.id, title: 'X' } }), dealer1.delete(`${A}?id=${far.body.id}`)]) {
      expect([(await call).status, (await call).body.errorCode]).toEqual([403, 403001]);
    }
    expect((await image(dealer1, 'desktop', await png(1400, 450))).status).toBe(403);
    for (const call of [anonymous.get(A), anonymous.post(A, { body: {} }), anonymous.put(A, { body: {} }), anonymous.delete(`${A}?id=${far.body.id}`)]) {
      expect((await call).status).toBe(401);
    }
    // The customer centre manages every market but OTHER.
    expect((await customer.put(A, { body: { id: far.body.id, title: 'Mine now' } })).body.errorCode).toBe(403021);
    expect((await customer.delete(`${A}?id=${far.body.id}`)).body.errorCode).toBe(403021);
    expect((await customer.get(`${A}?mkt=OTHER`)).body.errorCode).toBe(403021);
    expect((await customer.post(A, { body: { mkt: 'OTHER', lang: 'en', title: 'T', image: await desktop(customer) } })).body.errorCode).toBe(403021);
    const list = await customer.get(`${A}?limit=100`);
    expect(list.body.items.map((b: { id: string }) => b.id)).not.toContain(far.body.id);
    expect((await anonymous.get(`${O}/top-cms?mkt=OTHER&lang=en`)).body[0].title).toBe('Far away');
    // Another admin's upload is not the customer's to save.
    const adminsImage = await desktop();
    expect((await customer.post(A, { body: { mkt: 'IT', lang: 'it', title: 'T', image: adminsImage } })).body.errorCode).toBe(404401);
    expect((await customer.post(A, { body: { mkt: 'IT', lang: 'it', title: 'Del CC', image: await desktop(customer) } })).status).toBe(201);
  }, 90_000);

  test('uploads refused with their codes keep nothing', async () => {
    const before = await blobCount();
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(200, ' '));
    const refusals = [
      [await image(admin, 'desktop', html, 'banner.png', 'image/png'), 422, 422401],
      [await image(admin, 'desktop', Buffer.alloc(11 * 1024 * 1024, 0x89)), 422, 422401],
      [await image(admin, 'desktop', Buffer.concat([await png(1400, 450), Buffer.alloc(11 * 1024 * 1024)])), 413, 413400],
      [await image(admin, 'desktop', await png(800, 300)), 422, 422403],
      [await image(admin, 'desktop', pngBomb()), 413, 413401],
      [await image(admin, 'desktop', Buffer.concat([(await png(1400, 450)).subarray(0, 400)])), 422, 422402],
      [await upload(admin, `${A}/image?slot=desktop`, { other: 'x' }), 400, 400401],
      [await upload(admin, `${A}/image?slot=wall`, { file: { bytes: await png(1400, 450), name: 'b.png' } }), 400, 400001],
    ] as const;
    for (const [res, status, code] of refusals) expect([res.status, res.body.errorCode]).toEqual([status, code]);
    expect(await blobCount()).toBe(before);
  }, 90_000);

  test('hostile image paths are refused like a missing image; private files are never served', async () => {
    const saved = (await anonymous.get(`${O}/top-cms?mkt=IT&lang=it`)).body[0];
    const id = saved.imageUrl.slice(-32);
    expect((await download(anonymous, `${O}/image?path=top-cms/${id}`)).status).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const loader = await ApiClient.login(server.baseUrl, 'loader');
    const doc = await upload(loader, '/api/v1/secure/vehicle/V-DEMO-7/documents?kind=OTHER', { file: { bytes: pdf, name: 'private.pdf', type: 'application/pdf' } });
    expect(doc.status).toBe(201);
    const privateId: string = doc.body.idBlob;
    const hostile = [
      `top-cms/../top-cms/${id}`, `../blobs/${id}.bin`, `top-cms/%2e%2e%2f${id}`, `%2e%2e%2ftop-cms%2f${id}`,
      `%252e%252e%252ftop-cms/${id}`, `/top-cms/${id}`, `/etc/passwd`, `top-cms\\${id}`, `top-cms/${id}/`, `top-cms/${id}.bin`, `TOP-CMS/${id}`,
      `secure/${id}`, id, `top-cms/${privateId}`, `partner-logo/${privateId}`, `partner-logo/${id}`, `top-cms/${saved.image.idImage}`, '',
    ];
    for (const p of hostile) {
      for (const url of [`${O}/image?path=${p}`, `${O}/image?path=${encodeURIComponent(p)}`, `${O}/temp-image?path=${encodeURIComponent(p)}`, `${O}/temp-image?path=temp/${privateId}`]) {
        const res = await anonymous.get(url);
        expect({ url, status: res.status, code: res.body?.errorCode }).toEqual({ url, status: 404, code: 404402 });
      }
    }
    expect((await anonymous.get(`${O}/image`)).body.errorCode).toBe(404402);
  }, 90_000);

  test('a partner logo is public while a template not deleted names it; a private file named as a logo is not', async () => {
    const logo = await upload(admin, '/api/v1/secure/file', { file: { bytes: await png(300, 100), name: 'logo.png', type: 'image/png' } });
    expect(logo.status).toBe(201);
    const path = `${O}/image?path=partner-logo/${logo.body.idFile}`;
    expect((await download(anonymous, path)).status).toBe(404);
    const loader = await ApiClient.login(server.baseUrl, 'loader');
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const scan = await upload(loader, '/api/v1/secure/vehicle/V-DEMO-8/documents?kind=OTHER', { file: { bytes: jpeg, name: 'scan.jpg', type: 'image/jpeg' } });
    expect(scan.status).toBe(201);
    // A logo names only an image its editor uploaded: a vehicle's document, or a dealer's own upload (its registration
    // document), is refused 422450 (#23 review: a manager published another user's file on open/image), nothing created.
    const dealer1 = await ApiClient.login(server.baseUrl, 'dealer1');
    const idCard = await upload(dealer1, '/api/v1/secure/file', { file: { bytes: jpeg, name: 'id-card.jpg', type: 'image/jpeg' } });
    expect(idCard.status).toBe(201);
    const auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const base = { templateName: 'Logo partner', idMarket: 'IT', provenance: 'RENT-IT', idDealer: 'D-AUCT' };
    for (const [who, logos] of [[admin, { largeLogo: logo.body.idFile, smallLogo: scan.body.idBlob }], [auctioneer, { largeLogo: idCard.body.idFile }],
      [admin, { smallLogo: idCard.body.idFile }], [auctioneer, { largeLogo: logo.body.idFile }]] as const) {
      const refused = await who.post('/api/v1/secure/template', { body: { ...base, ...logos } });
      expect([refused.status, refused.body?.errorCode]).toEqual([422, 422450]);
    }
    expect((await download(anonymous, `${O}/image?path=partner-logo/${idCard.body.idFile}`)).status).toBe(404);
    const template = await admin.post('/api/v1/secure/template', { body: { ...base, largeLogo: logo.body.idFile } });
    expect(template.status).toBe(201);
    // Its managers edit it keeping the logo it has; they cannot swap in another user's upload.
    const edit = (body: object) => auctioneer.put('/api/v1/secure/template', { body: { idTemplate: template.body.idTemplate, ...body } });
    expect((await edit({ largeLogo: logo.body.idFile, description: 'kept' })).status).toBe(200);
    expect((await edit({ smallLogo: idCard.body.idFile })).body?.errorCode).toBe(422450);
    const served = await download(anonymous, path);
    expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);
    expect((await download(anonymous, `${O}/image?path=partner-logo/${scan.body.idBlob}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/secure/template?id=${template.body.idTemplate}`)).status).toBe(204);
    expect((await download(anonymous, path)).status).toBe(404);
  }, 60_000);
});
