/**
 * Issue 22 item 8: the demo vehicles come with drawn photos (sharp, at the first start) and an appraisal PDF, served
 * like a loader's uploads; the demo auction and showcase are made of them. A restart on the same data adds none: no
 * vehicle, plate, photo or showcase twice.
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

    // The demo showcase is made of eight loaded RENT-IT vehicles, put in one showcase by `exhibitor`: each card has its
    // cover photo, which a dealer reads.
    const showcase = async (who: ApiClient) => (await okBody<{ items: Row[] }>(who.get(`${S}/showcase/showcase-full?idMarket=IT&limit=100`), 'showcase')).items;
    const cards = await showcase(dealer);
    expect(cards.map((v) => v.idVehicle).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `V-SHOW-${i + 1}`));
    expect(new Set(cards.map((v) => v.idShowcase)).size).toBe(1);
    for (const card of cards) expect([card.coverPhoto, card.sheet?.photos.length]).toEqual([card.sheet.photos[0], 3]);
    const cardThumb = await download(dealer, `${S}/image?idImage=${cards[0]!.coverPhoto}&size=thumb`, { accept: 'image/webp' });
    expect([cardThumb.status, cardThumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const exhibitor = await ApiClient.login(server!.baseUrl, 'exhibitor');
    expect((await okBody<{ total: number }>(exhibitor.get(`${S}/showcase/mine`), 'mine')).total).toBe(8);

    const admin = await ApiClient.login(server!.baseUrl, 'admin');
    const stock = async (who: ApiClient) => (await okBody<{ items: Row[]; total: number }>(who.get(`${S}/vehicle?limit=100`), 'vehicles'));
    const before = await stock(admin);
    // The loaders' stock (12), the demo auction's eight and the showcase's eight, every plate once.
    expect(before.total).toBe(28);
    expect(new Set(before.items.map((v) => v.licensePlate)).size).toBe(28);

    await server!.stop();
    server = await startServer(storage!, { DEMO_PHOTOS: 'true' });
    const again = await ApiClient.login(server.baseUrl, 'loader');
    expect((await okBody<Row>(again.get(`${S}/vehicle/V-DEMO-8/details`), 'after restart')).photos).toEqual(sheet.photos);
    // Nothing loaded or listed twice: the same vehicles, the same showcase with the same photos, one demo auction.
    const after = await stock(await ApiClient.login(server.baseUrl, 'admin'));
    expect([after.total, after.items.map((v) => v.idVehicle).sort()]).toEqual([28, before.items.map((v) => v.idVehicle).sort()]);
    const dealerAgain = await ApiClient.login(server.baseUrl, 'dealer1');
    expect(await showcase(dealerAgain)).toEqual(cards);
    const { items: runningAgain } = await okBody<{ items: Row[] }>(dealerAgain.get(`${S}/running-auctions?limit=100`), 'running');
    expect(runningAgain.filter((a) => String(a.auctionName).startsWith('Demo live auction')).map((a) => a.idAuction)).toEqual([demo.idAuction]);
  }, 240_000);
});
