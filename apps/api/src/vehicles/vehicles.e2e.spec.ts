/**
 * Issue 22 items 1 and 4 (API): the loaded vehicles through HTTP against the real built server, on the demo stock
 * (provenance LEASYS-IT of dealer D-AUCT: loader `loader`, superior `auctioneer`; RENT-IT of D-EXHB: `loader2`).
 * One rule of who sees and changes which vehicle, on reads, edits, publication and hand-over; numeric codes, never 500.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, DEMO_PASSWORD, type RunningServer, type ServerStorage, createStorage, startServer, okBody, statusAndCode,
} from '../testing/server.test-support.js';

const S = '/api/v1/secure';
const M = '/api/v1/mobile';
type Row = Record<string, any>;
interface Page { items: Row[]; total: number; limit: number; offset: number }

describe('vehicles (PostgreSQL)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as Record<'loader' | 'loader2' | 'auctioneer' | 'multi' | 'dealer1' | 'admin' | 'customer', ApiClient>;
  const ok = okBody;
  const code = statusAndCode;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    const names = { loader: 'loader', loader2: 'loader2', auctioneer: 'auctioneer', multi: 'multiauctioneer', dealer1: 'dealer1', admin: 'admin', customer: 'customer' };
    await Promise.all(Object.entries(names).map(async ([k, u]) => { c[k as keyof typeof c] = await ApiClient.login(server!.baseUrl, u); }));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a loader reads its own dealer\'s vehicles; another dealer\'s loader, a dealer on an unpublished vehicle: 404200', async () => {
    const card = await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-8`), 'card');
    expect(card).toMatchObject({ idVehicle: 'V-DEMO-8', provenance: 'LEASYS-IT', provenanceName: 'Leasys Italia', status: 'STOCK', published: false, holder: { role: 'LOADER', idUser: 'loader' } });
    const sheet = await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-8/details`), 'details');
    expect(sheet).toMatchObject({ licensePlate: 'GD107LS', frame: 'ZFA31200000200007', appraisal: { appraisedOn: '2026-10-01' }, documents: [] });
    expect(await code(c.loader2.get(`${S}/vehicle/V-DEMO-8`))).toEqual([404, 404200]);
    expect(await code(c.loader2.get(`${S}/vehicle/V-DEMO-8/details`))).toEqual([404, 404200]);
    expect(await code(c.dealer1.get(`${S}/vehicle/V-DEMO-8`))).toEqual([404, 404200]);
    // Published but in stock (in no auction or showcase): still not a dealer's.
    expect(await code(c.dealer1.get(`${S}/vehicle/V-DEMO-1`))).toEqual([404, 404200]);
    expect(await code(c.loader.get(`${S}/vehicle/NOPE`))).toEqual([404, 404200]);
    expect(await code(c.loader.get(`${S}/vehicle/bad%20id`))).toEqual([400, 400001]);
    expect((await ok<Row>(c.loader2.get(`${S}/vehicle/V-DEMO-R1`), 'own')).provenance).toBe('RENT-IT');
    expect(await code(c.loader.get(`${S}/vehicle/V-DEMO-R1`))).toEqual([404, 404200]);
  });

  test('staff see the vehicles of their markets only; the mobile calls answer the same with the token header', async () => {
    expect((await ok<Row>(c.customer.get(`${S}/vehicle/V-DEMO-8`), 'customer')).idVehicle).toBe('V-DEMO-8');
    await ok(c.admin.put('/api/v1/admin/user', { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } }), 'narrow customer');
    const narrowed = await ApiClient.login(server!.baseUrl, 'customer');
    expect(await code(narrowed.get(`${S}/vehicle/V-DEMO-8`))).toEqual([404, 404200]);
    expect((await ok<Page>(narrowed.get(`${S}/vehicle`), 'list')).total).toBe(0);
    const base = server!.baseUrl;
    const login = await fetch(`${base}${M}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'loader', password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const mobile = await fetch(`${base}${M}/vehicle/V-DEMO-8/details`, { headers: { token } });
    expect([mobile.status, ((await mobile.json()) as Row)['licensePlate']]).toEqual([200, 'GD107LS']);
    const other = await fetch(`${base}${M}/vehicle/V-DEMO-R1`, { headers: { token } });
    expect([other.status, ((await other.json()) as Row)['errorCode']]).toEqual([404, 404200]);
    // A mobile call answers the token header only, not the web session's cookie.
    const web = await ApiClient.loginWithCookie(server!.baseUrl, 'loader');
    expect((await web.client.get(`${S}/vehicle/V-DEMO-8`)).status).toBe(200);
    expect(await code(web.client.get(`${M}/vehicle/V-DEMO-8`))).toEqual([401, expect.any(Number)]);
  });

  test('edit: the loader changes its vehicle; a plate or frame of another live vehicle is 409210/409211; bad input never 500', async () => {
    const sheet = await ok<Row>(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', mileageKm: 120000, colour: 'Rosso' } }), 'edit');
    expect(sheet).toMatchObject({ idVehicle: 'V-DEMO-9', mileageKm: 120000, colour: 'Rosso', brand: 'Kia' });
    // The fields not sent stay (the edit body has no defaults: an absent appraisal used to become null and be erased).
    expect(sheet).toMatchObject({ appraisal: { appraisedOn: '2026-10-01', grade: 'C' } });
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', licensePlate: 'gd 100-ls' } }))).toEqual([409, 409210]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', frame: 'zfa31200000200000' } }))).toEqual([409, 409211]);
    expect(await code(c.loader2.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', colour: 'Nero' } }))).toEqual([404, 404200]);
    expect(await code(c.dealer1.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', colour: 'Nero' } }))).toEqual([404, 404200]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', mileageKm: -1 } }))).toEqual([400, 400001]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', owner: 'x' } }))).toEqual([400, 400001]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', licensePlate: '!' } }))).toEqual([422, 422200]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-9', frame: 'SHORT' } }))).toEqual([422, 422201]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: 'nope' }))).toEqual([400, expect.any(Number)]);
    expect((await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-9`), 'kept')).licensePlate).toBe('GD108LS');
  });

  test('publish and hand-over: loader → superior → multi-auctioneer → back, each change by whoever holds the vehicle', async () => {
    const pub = await ok<Row[]>(c.loader.put(`${S}/vehicle/pubUnpubVehicle`, { body: { idVehicles: ['V-DEMO-10', 'V-DEMO-R2'], published: true } }), 'publish');
    expect(pub).toEqual([{ idVehicle: 'V-DEMO-10', ok: true }, { idVehicle: 'V-DEMO-R2', ok: false, errorCode: 404200, errorMsg: expect.any(String) }]);
    expect(await code(c.loader.put(`${S}/vehicle/pubUnpubVehicle`, { body: { idVehicles: ['V-DEMO-R2'], published: true } }))).toEqual([404, 404200]);
    expect(await code(c.loader.patch(`${S}/sendToSup`, { body: { idVehicles: ['V-DEMO-10'], idUser: 'dealer1' } }))).toEqual([422, 422221]);
    expect(await code(c.loader.patch(`${S}/sendToSup`, { body: { idVehicles: ['V-DEMO-10'], idUser: 'multiauctioneer' } }))).toEqual([422, 422221]);
    expect(await ok(c.loader.patch(`${S}/sendToSup`, { body: { idVehicles: ['V-DEMO-10'], idUser: 'auctioneer' } }), 'to sup')).toEqual([{ idVehicle: 'V-DEMO-10', ok: true }]);
    expect(await code(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-10', colour: 'Verde' } }))).toEqual([403, 403200]);
    expect((await ok<Row>(c.auctioneer.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-10', colour: 'Verde' } }), 'sup edits')).colour).toBe('Verde');
    expect(await code(c.auctioneer.patch(`${S}/sendToMultiAuctioneer`, { body: { idVehicles: ['V-DEMO-10'], idUser: 'loader' } }))).toEqual([422, 422221]);
    await ok(c.auctioneer.patch(`${S}/sendToMultiAuctioneer`, { body: { idVehicles: ['V-DEMO-10'], idUser: 'multiauctioneer' } }), 'to multi');
    const held = await ok<Row>(c.multi.get(`${S}/vehicle/V-DEMO-10`), 'multi sees');
    expect(held.holder).toEqual({ role: 'MULTI_AUCTIONEER', idUser: 'multiauctioneer' });
    expect((await ok<Page>(c.multi.get(`${S}/vehicle`), 'multi list')).items.map((v) => v.idVehicle)).toEqual(['V-DEMO-10']);
    expect(await code(c.auctioneer.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-10', colour: 'Nero' } }))).toEqual([403, 403200]);
    await ok(c.multi.patch(`${S}/sendBack`, { body: { idVehicles: ['V-DEMO-10'] } }), 'back');
    expect(await code(c.multi.get(`${S}/vehicle/V-DEMO-10`))).toEqual([404, 404200]);
    expect((await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-10`), 'back with loader')).holder).toEqual({ role: 'LOADER', idUser: 'loader' });
    // The read-only auditor (an ADMIN) changes nothing.
    const auditor = await ApiClient.login(server!.baseUrl, 'auditor');
    expect(await code(auditor.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-10', colour: 'Nero' } }))).toEqual([403, expect.any(Number)]);
    // ...but reads, also the export, a POST that only reads (attack review: it answered 403020).
    const exported = await fetch(`${server!.baseUrl}${S}/export-vehicle`, { method: 'POST', headers: { token: auditor.credentials.token! } });
    expect(`${exported.status} ${exported.headers.get('content-type')}`).toMatch(/^200 text\/csv/);
  });
  test('the users a hand-over may go to (GET /vehicle-handover-users): the commands\' rule, by action, paged, sorted, narrowed by name', async () => {
    const sup = await ok<Page>(c.loader.get(`${S}/vehicle-handover-users?action=sendToSup&provenance=LEASYS-IT`), 'to sup');
    expect(sup.items.map((u) => u.idUser)).toContain('auctioneer');
    expect(sup.items.every((u) => u.idDealer === 'D-AUCT')).toBe(true);
    expect(sup.items.map((u) => u.idUser)).not.toContain('multiauctioneer');
    expect(sup.items.map((u) => u.username)).toEqual([...sup.items.map((u) => u.username)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await code(c.loader.get(`${S}/vehicle-handover-users?action=sendToSup`))).toEqual([400, 400001]);
    expect(await code(c.loader.get(`${S}/vehicle-handover-users?action=sendToSup&provenance=NOPE`))).toEqual([422, 422220]);
    expect(await code(c.loader2.get(`${S}/vehicle-handover-users?action=sendToSup&provenance=LEASYS-IT`))).toEqual([403, 403201]);
    expect(await code(c.loader.get(`${S}/vehicle-handover-users?action=sendToMultiAuctioneer`))).toEqual([403, 403001]);
    expect(await code(c.dealer1.get(`${S}/vehicle-handover-users?action=sendToMultiAuctioneer`))).toEqual([403, 403001]);
    expect(await code(c.auctioneer.get(`${S}/vehicle-handover-users?action=steal`))).toEqual([400, 400001]);

    const multi = await ok<Page>(c.auctioneer.get(`${S}/vehicle-handover-users?action=sendToMultiAuctioneer&username=MULTI&limit=1`), 'to multi');
    expect(multi).toMatchObject({ limit: 1, offset: 0 });
    expect(multi.items).toEqual([expect.objectContaining({ idUser: 'multiauctioneer' })]);
    expect((await ok<Page>(c.auctioneer.get(`${S}/vehicle-handover-users?action=sendToMultiAuctioneer&username=nobody-has-this`), 'none')).total).toBe(0);
    // Every user offered is taken by the command.
    const to = sup.items[0]!.idUser;
    expect(await ok(c.admin.patch(`${S}/sendToSup`, { body: { idVehicles: ['V-DEMO-9'], idUser: to } }), 'sent')).toEqual([{ idVehicle: 'V-DEMO-9', ok: true }]);
  });
});
