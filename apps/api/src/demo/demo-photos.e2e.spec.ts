/**
 * Issue 22 item 8: the demo vehicles come with drawn photos (sharp, at the first start) and an appraisal PDF, served
 * like a loader's uploads; a restart on the same data adds none.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, okBody, startServer } from '../testing/server.test-support.js';
import { download } from '../vehicles/uploads/vehicle-uploads.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;

describe('demo photos (embedded, DEMO_PHOTOS=true)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage, { DEMO_PHOTOS: 'true' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('every vehicle in stock has three photos (WebP or JPEG by Accept, three sizes) and an appraisal PDF; a restart adds nothing', async () => {
    const loader = await ApiClient.login(server!.baseUrl, 'loader');
    const sheet = await okBody<Row>(loader.get(`${S}/vehicle/V-DEMO-8/details`), 'details');
    expect(sheet.photos).toHaveLength(3);
    expect(sheet.documents).toEqual([{ kind: 'APPRAISAL', idBlob: expect.any(String) }]);

    const [cover] = sheet.photos as string[];
    const webp = await download(loader, `${S}/image?idImage=${cover}&size=thumb`, { accept: 'image/webp,*/*' });
    expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(webp.headers.get('etag')).toBeTruthy();
    const thumb = await sharp(webp.bytes).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 320]);
    const jpeg = await download(loader, `${S}/image?idImage=${cover}&size=original`, { accept: 'image/jpeg' });
    expect([jpeg.status, jpeg.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const original = await sharp(jpeg.bytes).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 1200, 800]);

    const pdf = await download(loader, `${S}/pdf?idPdf=${(sheet.documents as Row[])[0]!.idBlob}`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another provenance's loader gets the same for its own stock, and none of this one's photos.
    const loader2 = await ApiClient.login(server!.baseUrl, 'loader2');
    expect((await okBody<Row>(loader2.get(`${S}/vehicle/V-DEMO-R1/details`), 'R1')).photos).toHaveLength(3);
    expect((await download(loader2, `${S}/image?idImage=${cover}`)).status).toBe(404);

    // The running demo auction is made of loaded vehicles with photos: each lot's cover is its vehicle's first photo,
    // which a dealer reads while the lot is in the auction, with the gallery and documents of lot-detail.
    const dealer = await ApiClient.login(server!.baseUrl, 'dealer1');
    const { items: running } = await okBody<{ items: Row[] }>(dealer.get(`${S}/running-auctions?limit=100`), 'running');
    const demo = running.find((a) => String(a.auctionName).startsWith('Demo live auction'))!;
    const auction = await okBody<Row>(dealer.get(`${S}/auction/${demo.idAuction}`), 'demo auction');
    const lot = auction.lots[0] as Row;
    const detail = await okBody<Row>(dealer.get(`${S}/auction/${demo.idAuction}/lot-detail/${lot.idLot}`), 'lot-detail');
    expect([detail.vehicle.idVehicle, detail.idPhotos.length, detail.idDocuments.length, lot.idCoverPhoto]).toEqual([lot.idVehicle, 3, 1, detail.idPhotos[0]]);
    const lotThumb = await download(dealer, `${S}/image?idImage=${lot.idCoverPhoto}&size=thumb`, { accept: 'image/webp' });
    expect([lotThumb.status, lotThumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await download(dealer, `${S}/pdf?idPdf=${detail.idDocuments[0]}`)).status).toBe(200);
    // A dealer still reads nothing of a vehicle in stock.
    expect((await download(dealer, `${S}/image?idImage=${cover}&size=thumb`)).status).toBe(404);

    await server!.stop();
    server = await startServer(storage!, { DEMO_PHOTOS: 'true' });
    const again = await ApiClient.login(server.baseUrl, 'loader');
    expect((await okBody<Row>(again.get(`${S}/vehicle/V-DEMO-8/details`), 'after restart')).photos).toEqual(sheet.photos);
  }, 180_000);
});
