/**
 * A saved vehicle's photos and documents through HTTP against the real built server (#22): attach (multipart, streamed,
 * judged by content, photos without EXIF), reorder, remove; a retry with the same Idempotency-Key, or the same bytes
 * again, attaches nothing twice; refused for a dealer, another provenance's loader, an auctioneer while loaders hold the
 * vehicle, a vehicle in an auction, a wrong content type and one photo too many, each with its code and nothing stored.
 * Demo stock: V-DEMO-1..10 of LEASYS-IT (loader `loader`, dealer D-AUCT), three photos and an appraisal each.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { ApiClient, createStorage, okBody, startServer, statusAndCode, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { storedBlobs } from '../../identity/registration/registration.test-support.js';
import { download, jpegWithGps, pngBomb, upload } from './vehicle-uploads.test-support.js';

const S = '/api/v1/secure';
type Files = { idVehicle: string; photos: string[]; documents: { idBlob: string; kind: string }[] };
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const HTML = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A small JPEG of its own colour: `n` makes its bytes differ from every other's. */
const photo = (n: number) => sharp({ create: { width: 24, height: 16, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 200 } } }).jpeg().toBuffer();

describe('a saved vehicle\'s photos and documents (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  const c = {} as Record<'loader' | 'loader2' | 'dealer1' | 'auctioneer' | 'admin', ApiClient>;
  const files = async (idVehicle: string): Promise<Files> => {
    const sheet = await okBody(c.loader.get(`${S}/vehicle/${idVehicle}/details`), 'details');
    return { idVehicle, photos: sheet.photos, documents: sheet.documents };
  };
  const sendPhoto = (who: ApiClient, idVehicle: string, bytes: Uint8Array, extra: Record<string, string> = {}, name = 'car.jpg', type = 'image/jpeg') =>
    upload(who, `${S}/vehicle/${idVehicle}/photos`, { file: { bytes, name, type } }, extra);

  beforeAll(async () => {
    storage = await createStorage('postgres');
    // The demo vehicles with their drawn photos and appraisal report.
    server = await startServer(storage, { DEMO_PHOTOS: 'true' });
    await Promise.all((['loader', 'loader2', 'dealer1', 'auctioneer', 'admin'] as const).map(async (u) => { c[u] = await ApiClient.login(server.baseUrl, u); }));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a loader attaches a photo (EXIF gone) and a document, reorders the photos and removes a file; retries attach nothing twice', async () => {
    const before = await files('V-DEMO-7');
    expect(before.photos).toHaveLength(3);
    const jpeg = await jpegWithGps();
    const first = await sendPhoto(c.loader, 'V-DEMO-7', jpeg, { 'idempotency-key': 'photo-once' });
    expect([first.status, first.body.kind, first.body.mediaType]).toEqual([201, 'PHOTO', 'image/jpeg']);
    const idPhoto: string = first.body.idBlob;
    expect(first.body.photos).toEqual([...before.photos, idPhoto]);
    // The same upload retried with its key: the first answer, nothing attached again.
    const retried = await sendPhoto(c.loader, 'V-DEMO-7', jpeg, { 'idempotency-key': 'photo-once' });
    expect([retried.status, retried.body]).toEqual([201, first.body]);
    // Without a key, the same bytes again: the file already there is named, nothing attached.
    const again = await sendPhoto(c.loader, 'V-DEMO-7', jpeg);
    expect([again.status, again.body.idBlob, again.body.photos]).toEqual([201, idPhoto, first.body.photos]);
    expect((await files('V-DEMO-7')).photos).toEqual([...before.photos, idPhoto]);
    const original = await download(c.loader, `${S}/image?idImage=${idPhoto}&size=original`);
    expect(original.status).toBe(200);
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.exif]).toEqual([1600, undefined]);

    const doc = await upload(c.loader, `${S}/vehicle/V-DEMO-7/documents?kind=DATASHEET`, { file: { bytes: PDF, name: 'sheet.pdf' } });
    expect([doc.status, doc.body.kind, doc.body.mediaType]).toEqual([201, 'DATASHEET', 'application/pdf']);
    expect(doc.body.documents).toEqual([...before.documents, { idBlob: doc.body.idBlob, kind: 'DATASHEET' }]);

    const order = [idPhoto, ...before.photos].reverse();
    const reordered = await okBody(c.loader.put(`${S}/vehicle/V-DEMO-7/photo-order`, { body: { idBlobs: order } }), 'reorder');
    expect(reordered.photos).toEqual(order);
    expect((await files('V-DEMO-7')).photos).toEqual(order);
    expect(await statusAndCode(c.loader.put(`${S}/vehicle/V-DEMO-7/photo-order`, { body: { idBlobs: order.slice(1) } }))).toEqual([422, 422212]);
    expect(await statusAndCode(c.loader.put(`${S}/vehicle/V-DEMO-7/photo-order`, { body: { idBlobs: [...order, 'x'.repeat(32)] } }))).toEqual([422, 422212]);
    expect(await statusAndCode(c.loader.put(`${S}/vehicle/V-DEMO-7/photo-order`, { body: { idBlobs: [order[0], order[0]] } }))).toEqual([400, 400001]);

    const removed = await okBody(c.loader.delete(`${S}/vehicle/V-DEMO-7/file/${idPhoto}`), 'remove');
    expect(removed.photos).toEqual(order.filter((id) => id !== idPhoto));
    expect((await download(c.loader, `${S}/image?idImage=${idPhoto}`)).status).toBe(404);
    // Removing it again changes nothing (a retried delete).
    expect((await okBody(c.loader.delete(`${S}/vehicle/V-DEMO-7/file/${idPhoto}`), 'again')).photos).toEqual(removed.photos);
    const noDoc = await okBody(c.loader.delete(`${S}/vehicle/V-DEMO-7/file/${doc.body.idBlob}`), 'remove doc');
    expect(noDoc.documents).toEqual(before.documents);
    // An administrator of the market changes it too (the vehicle rule).
    expect((await sendPhoto(c.admin, 'V-DEMO-7', await photo(1))).status).toBe(201);
  });

  test('an Idempotency-Key used for one file and sent with another is 409100, not the first file\'s answer; a refused call\'s key takes the right file (#22 attack)', async () => {
    const before = await files('V-DEMO-5');
    const first = await sendPhoto(c.loader, 'V-DEMO-5', await photo(3), { 'idempotency-key': 'one-key-two-files' });
    expect(first.status).toBe(201);
    // Was: 201 with the first photo's answer, the second photo silently not kept.
    const other = await sendPhoto(c.loader, 'V-DEMO-5', await jpegWithGps(64, 48), { 'idempotency-key': 'one-key-two-files' }, 'other.jpg');
    expect([other.status, other.body.errorCode]).toEqual([409, 409100]);
    expect((await files('V-DEMO-5')).photos).toEqual([...before.photos, first.body.idBlob]);
    const refused = await sendPhoto(c.loader, 'V-DEMO-5', HTML, { 'idempotency-key': 'refused-then-right' });
    expect([refused.status, refused.body.errorCode]).toEqual([415, 415200]);
    const right = await sendPhoto(c.loader, 'V-DEMO-5', await photo(4), { 'idempotency-key': 'refused-then-right' });
    expect(right.status).toBe(201);
    expect((await files('V-DEMO-5')).photos).toEqual([...before.photos, first.body.idBlob, right.body.idBlob]);
  });

  test('the same photo sent three times at once (a double click, no key) is attached once; a remove at the same time leaves no file without its bytes (#22 attack)', async () => {
    const before = await files('V-DEMO-4');
    const jpeg = await photo(5);
    // Was: three 201s with three ids, the same photo three times in the gallery.
    const sent = await Promise.all([0, 1, 2].map(() => sendPhoto(c.loader, 'V-DEMO-4', jpeg)));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(sent.map((r) => r.body.idBlob)).size).toBe(1);
    const idPhoto: string = sent[0]!.body.idBlob;
    expect((await files('V-DEMO-4')).photos).toEqual([...before.photos, idPhoto]);
    // The same bytes again while that photo is removed: whichever comes first, every photo the vehicle names is served.
    const [again, removed] = await Promise.all([sendPhoto(c.loader, 'V-DEMO-4', jpeg), c.loader.delete(`${S}/vehicle/V-DEMO-4/file/${idPhoto}`)]);
    expect([again.status, removed.status]).toEqual([201, 200]);
    for (const id of (await files('V-DEMO-4')).photos) expect([id, (await download(c.loader, `${S}/image?idImage=${id}`)).status]).toEqual([id, 200]);
  });

  test('a scanned document (a JPEG or PNG from a phone) is served without its EXIF and GPS, as a photo is; a PDF as sent (#22 attack)', async () => {
    const scans = [
      { name: 'scan.jpg', bytes: await jpegWithGps(200, 100) },
      { name: 'scan.png', bytes: await sharp(await jpegWithGps(200, 100)).png().withExif({ IFD0: { Copyright: 'Loader Camera Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1' } }).toBuffer() },
    ];
    for (const scan of scans) {
      expect((await sharp(scan.bytes).metadata()).exif).toBeDefined();
      const sent = await upload(c.loader, `${S}/vehicle/V-DEMO-9/documents?kind=RECOGNITION_DOC`, { file: { bytes: scan.bytes, name: scan.name } });
      expect(sent.status).toBe(201);
      const served = await download(c.loader, `${S}/generic-file?idFile=${sent.body.idBlob}`);
      expect(served.status).toBe(200);
      // Was: the bytes as sent, EXIF with the GPS position and the camera owner's name included.
      const meta = await sharp(served.bytes).metadata();
      expect([scan.name, meta.width, meta.exif]).toEqual([scan.name, 200, undefined]);
    }
    // A decompression bomb as a document is refused before decoding, as a photo is (was: stored, sent to every browser).
    expect(await statusAndCode(upload(c.loader, `${S}/vehicle/V-DEMO-9/documents?kind=OTHER`, { file: { bytes: pngBomb(), name: 'bomb.png' } }))).toEqual([413, 413202]);
    const pdf = await upload(c.loader, `${S}/vehicle/V-DEMO-9/documents?kind=OTHER`, { file: { bytes: PDF, name: 'a.pdf' } });
    expect(Buffer.from((await download(c.loader, `${S}/generic-file?idFile=${pdf.body.idBlob}`)).bytes)).toEqual(Buffer.from(PDF));
  });

  test('refused for a dealer, another provenance\'s loader, an auctioneer while loaders hold it, a vehicle in an auction: nothing stored', async () => {
    const live = (await okBody(c.loader.get(`${S}/vehicle?state=IN_AUCTION&limit=1`), 'live')).items[0].idVehicle as string;
    const blobs = await storedBlobs(storage);
    const jpeg = await photo(2);
    expect(await statusAndCode(sendPhoto(c.dealer1, 'V-DEMO-1', jpeg))).toEqual([403, 403001]);
    expect(await statusAndCode(sendPhoto(c.loader2, 'V-DEMO-1', jpeg))).toEqual([404, 404200]);
    expect(await statusAndCode(sendPhoto(c.auctioneer, 'V-DEMO-1', jpeg))).toEqual([403, 403200]);
    expect(await statusAndCode(sendPhoto(c.loader, live, jpeg))).toEqual([409, 409201]);
    expect(await statusAndCode(sendPhoto(c.loader, 'V-NOPE', jpeg))).toEqual([404, 404200]);
    expect(await statusAndCode(upload(c.loader2, `${S}/vehicle/V-DEMO-1/documents?kind=OTHER`, { file: { bytes: PDF, name: 'x.pdf' } }))).toEqual([404, 404200]);
    const { photos } = await files('V-DEMO-1');
    expect(await statusAndCode(c.loader2.delete(`${S}/vehicle/V-DEMO-1/file/${photos[0]}`))).toEqual([404, 404200]);
    expect(await statusAndCode(c.dealer1.delete(`${S}/vehicle/V-DEMO-1/file/${photos[0]}`))).toEqual([403, 403001]);
    expect(await statusAndCode(c.auctioneer.put(`${S}/vehicle/V-DEMO-1/photo-order`, { body: { idBlobs: [...photos].reverse() } }))).toEqual([403, 403200]);
    const livePhotos = (await files(live)).photos;
    expect(await statusAndCode(c.loader.put(`${S}/vehicle/${live}/photo-order`, { body: { idBlobs: [...livePhotos].reverse() } }))).toEqual([409, 409201]);
    expect(await statusAndCode(c.loader.delete(`${S}/vehicle/${live}/file/${livePhotos[0]}`))).toEqual([409, 409201]);
    expect((await files('V-DEMO-1')).photos).toEqual(photos);
    expect(await storedBlobs(storage)).toEqual(blobs);
  });

  test('a wrong content type, a missing kind, a body that is not multipart: refused with their codes, nothing stored', async () => {
    const blobs = await storedBlobs(storage);
    expect(await statusAndCode(sendPhoto(c.loader, 'V-DEMO-2', HTML))).toEqual([415, 415200]);
    expect(await statusAndCode(sendPhoto(c.loader, 'V-DEMO-2', PDF, {}, 'car.jpg'))).toEqual([415, 415200]);
    expect(await statusAndCode(upload(c.loader, `${S}/vehicle/V-DEMO-2/documents?kind=APPRAISAL`, { file: { bytes: HTML, name: 'a.pdf', type: 'application/pdf' } }))).toEqual([415, 415200]);
    expect(await statusAndCode(upload(c.loader, `${S}/vehicle/V-DEMO-2/documents`, { file: { bytes: PDF, name: 'a.pdf' } }))).toEqual([400, 400001]);
    expect(await statusAndCode(upload(c.loader, `${S}/vehicle/V-DEMO-2/documents?kind=PHOTO`, { file: { bytes: PDF, name: 'a.pdf' } }))).toEqual([400, 400001]);
    expect(await statusAndCode(upload(c.loader, `${S}/vehicle/V-DEMO-2/photos`, { other: 'x' }))).toEqual([400, 400210]);
    expect(await statusAndCode(c.loader.post(`${S}/vehicle/V-DEMO-2/photos`, { body: { file: 'x' } }))).toEqual([415, 415201]);
    expect(await storedBlobs(storage)).toEqual(blobs);
  });

  test('a vehicle takes at most 50 photos: the 51st is refused (422210) and not stored', async () => {
    const start = (await files('V-DEMO-8')).photos.length;
    for (let n = start; n < 50; n++) expect([n, (await sendPhoto(c.loader, 'V-DEMO-8', await photo(100 + n))).status]).toEqual([n, 201]);
    expect((await files('V-DEMO-8')).photos).toHaveLength(50);
    const blobs = await storedBlobs(storage);
    expect(await statusAndCode(sendPhoto(c.loader, 'V-DEMO-8', await photo(999)))).toEqual([422, 422210]);
    expect(await storedBlobs(storage)).toEqual(blobs);
  }, 120_000);
});
