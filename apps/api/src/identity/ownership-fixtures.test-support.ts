/**
 * The callers and the resources of the ownership matrix's test (ownership-matrix.e2e.spec.ts), on the demo data of
 * the embedded default: the owners are the demo's dealer1 (a BUYER of D-1001), auctioneer, exhibitor and loader, and
 * the administrator (every market); the others are dealer2 (a BUYER of D-1002), dealer3 made an AUCTIONEER,
 * EXHIBITOR and LOADER of D-1003 (and no BUYER), and the customer centre made ADMIN of Germany only (the demo's
 * resources are of Italy).
 */
import sharp from 'sharp';
import type { OtherCaller, Owner, ResourceKind } from './ownership-matrix.js';
import { createAuctionBody, paths, pollStatus, wholeSecondAfter, type AuctionView } from '../testing/auction.test-support.js';
import { ApiClient, ServerClock, sleep, type ApiResult } from '../testing/server.test-support.js';

export type Callers = Record<OtherCaller | Owner, ApiClient>;

async function ok(res: Promise<ApiResult>, what: string): Promise<ApiResult> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  return r;
}

/** The first value of `key` anywhere in `body` (depth first) that `accept` takes, as a string. */
export function firstValue(body: unknown, key: string, accept: (v: string) => boolean = () => true): string | undefined {
  return allValues(body, key).find(accept);
}

export async function prepareCallers(baseUrl: string, admin: ApiClient): Promise<Callers> {
  await ok(admin.put('/api/v1/admin/user', { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } }), 'narrow the customer centre to DE');
  await ok(admin.post('/api/v1/admin/user/permission', { body: { idUser: 'customer', permission: 'ADMIN' } }), 'make it ADMIN');
  for (const permission of ['AUCTIONEER', 'EXHIBITOR', 'LOADER']) {
    await ok(admin.post('/api/v1/admin/user/permission', { body: { idUser: 'dealer3', permission } }), `dealer3 ${permission}`);
  }
  await ok(admin.delete('/api/v1/admin/user/permission?permission=BUYER&userID=dealer3'), 'dealer3 no BUYER');
  const login = (name: string) => ApiClient.login(baseUrl, name);
  const [dealer, market, seller, dealer1, auctioneer, exhibitor, loader] = await Promise.all(
    ['dealer2', 'customer', 'dealer3', 'dealer1', 'auctioneer', 'exhibitor', 'loader'].map(login),
  );
  return { dealer: dealer!, market: market!, seller: seller!, dealer1: dealer1!, auctioneer: auctioneer!, exhibitor: exhibitor!, loader: loader!, admin };
}

/** A multipart request: the named fields and a small PDF as the part `file`. */
export async function multipart(
  client: ApiClient, method: string, path: string, fields: Record<string, unknown>,
  file: { bytes: Uint8Array; type: string; name: string } = { bytes: Buffer.from('%PDF-1.4\n% ownership matrix\n%%EOF\n'), type: 'application/pdf', name: 'rules.pdf' },
): Promise<ApiResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  const sentAt = Date.now();
  const res = await fetch(`${client.baseUrl}${path}`, { method, body: form, headers: { token: client.credentials.token ?? '', accept: 'application/json' } });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers, sentAt, receivedAt: Date.now() };
}

/** Every value of `key` anywhere in `body`, as strings, in document order. */
function allValues(body: unknown, key: string, out: string[] = []): string[] {
  if (body === null || typeof body !== 'object') return out;
  const own = (body as Record<string, unknown>)[key];
  if (typeof own === 'string') out.push(own);
  for (const v of Object.values(body as Record<string, unknown>)) allValues(v, key, out);
  return out;
}

/** dealer1 buys `idVehicle` from the showcase: a showcase purchase (its id is the vehicle's) to rate and to pay. */
async function buyFromShowcase(c: Callers, idVehicle: string | undefined): Promise<string | undefined> {
  if (!idVehicle) return undefined;
  await ok(c.dealer1.patch('/api/v1/secure/showcase/accept-regulation'), 'showcase regulation');
  const bought = await ok(c.dealer1.put('/api/v1/secure/showcase/buy', { body: { idVehicles: [idVehicle] } }), 'showcase buy');
  return (bought.body as { ok?: boolean }[])[0]?.ok ? idVehicle : undefined;
}

/** An auction of the auctioneer in which dealer1 buys the one lot at its buy-now price: an auction purchase to rate. */
async function buyInAuction(c: Callers): Promise<string | undefined> {
  const clock = await ServerClock.sync(c.auctioneer);
  const startMs = wholeSecondAfter(clock, 2_000);
  const created = await ok(c.auctioneer.post(paths.auctions, {
    body: createAuctionBody({
      name: 'Ownership matrix: bought', startMs, endMs: startMs + 3_600_000, regulationRequired: false,
      extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [{ licensePlate: 'OM456BY', basePrice: 1000, minIncrement: 100, reservePrice: 1000, buyNowPrice: 2000 }],
    }),
  }), 'the auction to buy in');
  const auction = created.body as AuctionView;
  await pollStatus(c.dealer1, clock, auction.idAuction, 'RUN', startMs + 30_000, 200);
  await ok(c.dealer1.post(paths.offer(auction.idAuction, auction.lots[0]!.idLot), { body: { offer: 2000, clickAndBuy: true } }), 'buy now');
  return auction.idAuction;
}

/** dealer1's purchase `idPurchase` once its list shows it (a read model, a moment after the sale). */
async function listedPurchase(dealer1: ApiClient, idPurchase: string | undefined): Promise<string | undefined> {
  for (let i = 0; idPurchase && i < 100; i++) {
    if (allValues((await dealer1.get('/api/v1/secure/purchases?limit=100')).body, 'idPurchase').includes(idPurchase)) return idPurchase;
    await sleep(100);
  }
  return undefined;
}

/** The id of a caught mail (the recovery mail asked for at the start; it is caught within a few seconds). */
async function caughtMail(admin: ApiClient): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const id = firstValue((await admin.get('/api/v1/admin/mail')).body, 'id');
    if (id) return id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

/** A push notification to dealer1 (its device registered first). */
async function notification(c: Callers): Promise<string | undefined> {
  await ok(c.dealer1.post('/api/v1/mobile/fcm-token', { body: { fcmToken: 'ownership-matrix-device' } }), 'device');
  const sent = await c.admin.post('/api/v1/admin/push-notification', { body: { title: 'Matrix', body: 'Matrix', type: 'info', idUsers: ['dealer1'] } });
  return (sent.body as { idNotification?: string } | null)?.idNotification;
}

/** A banner of Italy (its desktop image uploaded first). */
async function banner(admin: ApiClient): Promise<string | undefined> {
  const png = await sharp({ create: { width: 1280, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
  const image = await multipart(admin, 'POST', '/api/v1/admin/top-cms/image?slot=desktop', {}, { bytes: png, type: 'image/png', name: 'banner.png' });
  const idImage = (image.body as { idImage?: string } | null)?.idImage;
  if (!idImage) return undefined;
  const created = await admin.post('/api/v1/admin/top-cms', { body: { mkt: 'IT', lang: 'it', title: 'Ownership matrix', image: idImage } });
  return (created.body as { id?: string } | null)?.id;
}

/** The owners' resources, found through the API. */
export async function discoverFixtures(c: Callers): Promise<Partial<Record<ResourceKind, string>>> {
  const body = async (client: ApiClient, path: string) => (await client.get(path)).body as unknown;
  const auctions = await body(c.auctioneer, '/api/v1/secure/auction-management?limit=50');
  const idAuction = firstValue(auctions, 'idAuction');
  // The auction's own regulation document (GET file-message answers 404230 without one).
  if (idAuction) await ok(multipart(c.auctioneer, 'PATCH', `/api/v1/secure/auction/${idAuction}/file-message`, {}), 'file-message');
  // Caught mail for the administrator to read.
  await ApiClient.anonymous(c.admin.baseUrl).post('/api/v1/open/pwd-recovery', { body: { username: 'dealer4' } });
  const auction = idAuction ? await body(c.auctioneer, `/api/v1/secure/auction/${idAuction}`) : undefined;
  // An offer of dealer1 on the first lot (for the award of one offer).
  const lot = (auction as { lots?: { idLot: string; basePrice: number; minIncrement: number }[] } | undefined)?.lots?.[0];
  let idOffer: string | undefined;
  if (idAuction && lot) {
    await c.dealer1.patch(`/api/v1/secure/auction/${idAuction}/accept-regulation`, { body: {} });
    const placed = await c.dealer1.post(`/api/v1/secure/auction/${idAuction}/offer/${lot.idLot}`, { body: { offer: lot.basePrice + lot.minIncrement } });
    idOffer = firstValue(placed.body, 'idOffer');
  }
  interface Card { idVehicle: string; status: string; idAuction: string | null; idShowcase: string | null; photos: string[] }
  const stock = ((await body(c.loader, '/api/v1/secure/vehicle?limit=100')) as { items?: Card[] }).items ?? [];
  const inStock = stock.filter((v) => !v.idAuction && !v.idShowcase && v.status !== 'SOLD');
  const own = inStock.find((v) => v.photos.length > 0) ?? inStock[0];
  if (own) {
    // A photo and a document of the loader's stock vehicle (the demo's stock has none here).
    const jpeg = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
    await ok(multipart(c.loader, 'POST', `/api/v1/secure/vehicle/${own.idVehicle}/photos`, {}, { bytes: jpeg, type: 'image/jpeg', name: 'car.jpg' }), 'photo');
    await ok(multipart(c.loader, 'POST', `/api/v1/secure/vehicle/${own.idVehicle}/documents?kind=APPRAISAL`, {}), 'document');
  }
  const vehicle = (own ? await body(c.loader, `/api/v1/secure/vehicle/${own.idVehicle}/details`) : undefined) as
    { photos?: string[]; documents?: { idBlob: string }[] } | undefined;
  const forShowcase = await body(c.exhibitor, '/api/v1/secure/vehicle-for-showcase?limit=20');
  const showcase = await body(c.exhibitor, '/api/v1/secure/showcase/mine?limit=20');
  // Purchases of dealer1's own for the ratings and the payment link: a showcase vehicle other than the one the other
  // rows act on, and the one lot of an auction of its own.
  const showcaseVehicle = firstValue(showcase, 'idVehicle');
  const boughtVehicle = await buyFromShowcase(c, allValues(showcase, 'idVehicle').find((v) => v !== showcaseVehicle));
  const boughtAuction = await buyInAuction(c);
  const dealer = await body(c.admin, '/api/v1/admin/dealer?idDealer=D-PEND-2');
  const templates = await body(c.auctioneer, '/api/v1/secure/template');
  return {
    dealer: 'D-1001',
    user: 'dealer1',
    stream: 'user-dealer1',
    seller: 'S-IT-NORD',
    auction: idAuction,
    lot: firstValue(auction, 'idLot'),
    offer: idOffer,
    vehicle: own?.idVehicle,
    image: vehicle?.photos?.[0],
    document: vehicle?.documents?.[0]?.idBlob,
    auctDealer: 'D-AUCT',
    showcase: firstValue(showcase, 'idShowcase'),
    auctionVehicle: firstValue(auction, 'idVehicle'),
    exhibitorVehicle: firstValue(forShowcase, 'idVehicle'),
    auctioneerUser: 'auctioneer',
    multiUser: 'multiauctioneer',
    showcaseVehicle,
    boughtVehicle,
    boughtAuction,
    file: firstValue(dealer, 'idFile'),
    purchase: await listedPurchase(c.dealer1, boughtVehicle),
    template: firstValue(templates, 'idTemplate'),
    lead: firstValue((await c.admin.post('/api/v1/admin/lead', { body: { name: 'Ownership matrix', subject: 'Matrix', email: '<p>Matrix</p>', recipients: ['matrix.lead@example.org'] } })).body, 'idLead'),
    email: ((await c.admin.post('/api/v1/admin/email', { body: { recipients: ['matrix.mail@example.org'], subject: 'Matrix', email: '<p>Matrix</p>' } })).body as { idEmails?: string[] }).idEmails?.[0],
    notification: await notification(c),
    mail: await caughtMail(c.admin),
    topCms: await banner(c.admin),
  };
}
