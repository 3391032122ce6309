/**
 * `POST /select-by-file` through HTTP against the real built server (issue 22 item 2): a CSV of plates and an XLSX of
 * frames select the vehicles the caller sees, in file order, as list cards, with the rows that selected nothing
 * (invalid, not found, duplicate); another dealer's loader finds none of them; idTemplate and the file are required; an
 * HTML page named .csv is refused by its content; a dealer is refused. Nothing is changed or kept by any of the calls.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import ExcelJS from 'exceljs';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { loggedEvents, storedBlobs } from '../../identity/registration/registration.test-support.js';
import { upload, vehicleRow, xlsxOf } from './vehicle-uploads.test-support.js';

const PATH = '/api/v1/secure/select-by-file';
const VEHICLE_EVENTS = [
  'VehicleLoaded', 'VehicleEdited', 'VehicleFileAttached', 'VehicleFileRemoved', 'VehiclePublished', 'VehicleUnpublished', 'VehicleSentToSup',
  'VehicleSentToMultiAuctioneer', 'VehicleSentBack', 'VehicleWithdrawn',
];
const csv = (lines: string[]) => ({ bytes: new TextEncoder().encode(`${lines.join('\r\n')}\r\n`), name: 'plates.csv', type: 'text/csv' });

async function xlsxColumn(header: string, values: string[]): Promise<{ bytes: Uint8Array; name: string }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('selection');
  sheet.addRow(['note', header]);
  values.forEach((v, i) => sheet.addRow([`row ${i + 1}`, v]));
  return { bytes: new Uint8Array(await workbook.xlsx.writeBuffer()), name: 'frames.xlsx' };
}

describe('select-by-file over HTTP (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let loader: ApiClient;
  let otherLoader: ApiClient;
  let dealer: ApiClient;
  /** The three vehicles loaded for the tests, by row of their file. */
  let loaded: { idVehicle: string; licensePlate: string }[];
  const rows = [vehicleRow(901), vehicleRow(902), vehicleRow(903)];
  /** What a call could change: the stored files and every event of the log. */
  const snapshot = async () => ({ blobs: await storedBlobs(storage), events: (await loggedEvents(admin, VEHICLE_EVENTS, storage)).length });

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [admin, loader, otherLoader, dealer] = await Promise.all(['admin', 'loader', 'loader2', 'dealer1'].map((name) => ApiClient.login(server.baseUrl, name)));
    const batch = await upload(loader, '/api/v1/secure/upload-vehicle', { provenance: 'LEASYS-IT', file: { bytes: await xlsxOf(rows), name: 'vehicles.xlsx' } });
    expect(batch.status).toBe(201);
    const saved = await loader.post(`/api/v2/secure/save-vehicle?idTemp=${batch.body.tempId}`);
    expect(saved.status).toBe(201);
    loaded = saved.body.vehicles;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a CSV of plates (any spelling) selects the loader\'s vehicles in file order; unknown, invalid and repeated rows are listed', async () => {
    const before = await snapshot();
    const res = await upload(loader, PATH, {
      idTemplate: 'TPL-1',
      file: csv(['Brand;License plate', 'Fiat;ab-903-cd', 'Fiat;ZZ999ZZ', 'Fiat;ab 901 cd', ';', 'Fiat;X', 'Fiat;AB903CD']),
    });
    expect(res.status).toBe(200);
    expect(res.body.idTemplate).toBe('TPL-1');
    expect(res.body.vehicles.map((v: any) => v.idVehicle)).toEqual([loaded[2]!.idVehicle, loaded[0]!.idVehicle]);
    // The list card's shape: what GET /vehicle answers for the same vehicle.
    const listed = await loader.get(`/api/v1/secure/vehicle?licensePlate=AB901CD`);
    expect(res.body.vehicles[1]).toEqual(listed.body.items[0]);
    expect(res.body.unmatched).toEqual([
      { row: 3, value: 'ZZ999ZZ', reason: 'notFound', errorCode: 404200 },
      { row: 6, value: 'X', reason: 'invalid', errorCode: 422200 },
      { row: 7, value: 'AB903CD', reason: 'duplicate', errorCode: 422244 },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  test('an XLSX of VINs selects for the admin of the market; a loader of another dealer finds none of them (not found, not disclosed)', async () => {
    const file = await xlsxColumn('VIN', [String(rows[1]!.frame).toLowerCase(), 'WVWZZZ1JZ00000000', 'not a vin']);
    const res = await upload(admin, PATH, { idTemplate: 'any_template', file });
    expect(res.status).toBe(200);
    expect(res.body.vehicles.map((v: any) => v.licensePlate)).toEqual([loaded[1]!.licensePlate]);
    expect(res.body.unmatched.map((r: any) => [r.row, r.reason, r.errorCode])).toEqual([[3, 'notFound', 404200], [4, 'invalid', 422201]]);

    const other = await upload(otherLoader, PATH, { idTemplate: 'TPL-1', file: await xlsxColumn('frame', [String(rows[0]!.frame)]) });
    expect(other.status).toBe(200);
    expect(other.body.vehicles).toEqual([]);
    expect(other.body.unmatched).toEqual([{ row: 2, value: rows[0]!.frame, reason: 'notFound', errorCode: 404200 }]);
  });

  test('idTemplate is required (400211) and an id (400212); the file is required (400210); a header without a plate or frame column is 422242', async () => {
    const before = await snapshot();
    const file = csv(['licensePlate', 'AB901CD']);
    const missing = await upload(loader, PATH, { file });
    expect([missing.status, missing.body.errorCode, missing.body.details]).toEqual([400, 400211, [{ field: 'idTemplate', rule: 'required' }]]);
    const blank = await upload(loader, PATH, { idTemplate: '  ', file });
    expect([blank.status, blank.body.errorCode]).toEqual([400, 400211]);
    const malformed = await upload(loader, PATH, { idTemplate: 'no spaces; please', file });
    expect([malformed.status, malformed.body.errorCode]).toEqual([400, 400212]);
    const noFile = await upload(loader, PATH, { idTemplate: 'TPL-1' });
    expect([noFile.status, noFile.body.errorCode]).toEqual([400, 400210]);
    const noColumn = await upload(loader, PATH, { idTemplate: 'TPL-1', file: csv(['brand,model', 'Fiat,Panda']) });
    expect([noColumn.status, noColumn.body.errorCode]).toEqual([422, 422242]);
    expect(await snapshot()).toEqual(before);
  });

  test('an HTML page named .csv is refused by its content (415200), a dealer by its role (403001); nothing kept', async () => {
    const before = await snapshot();
    const html = new TextEncoder().encode('<!doctype html><html><body>licensePlate<br>AB901CD</body></html>');
    const page = await upload(loader, PATH, { idTemplate: 'TPL-1', file: { bytes: html, name: 'plates.csv', type: 'text/csv' } });
    expect([page.status, page.body.errorCode]).toEqual([415, 415200]);
    const refused = await upload(dealer, PATH, { idTemplate: 'TPL-1', file: csv(['licensePlate', 'AB901CD']) });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 403001]);
    expect(await snapshot()).toEqual(before);
  });
});
