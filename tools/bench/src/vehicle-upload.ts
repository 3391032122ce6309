/**
 * The vehicle-upload item: a loader's 5,000-row XLSX (written with exceljs, as a spreadsheet program would) sent to
 * `POST /api/v1/secure/upload-vehicle` and saved with `POST /api/v2/secure/save-vehicle`, timed, with the API's RSS
 * sampled every 200 ms from /proc (its peak is what a file of this size costs the API on top of its running state).
 */
import ExcelJS from 'exceljs';
import type { ApiProcess } from './api-process.js';
import { rssMbNow } from './sampler.js';
import { step } from './util.js';

/** Figures of one vehicle-upload run. */
export interface VehicleUploadFigures {
  readonly rows: number;
  readonly fileBytes: number;
  /** Upload answered (every row read and checked, the batch made). */
  readonly uploadSeconds: number;
  /** Save answered (every vehicle loaded into the log). */
  readonly saveSeconds: number;
  readonly totalSeconds: number;
  readonly vehiclesSaved: number;
  readonly rssBeforeMb: number | null;
  readonly apiPeakRssMb: number | null;
}

const COLUMNS = ['licensePlate', 'frame', 'brand', 'model', 'version', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw', 'colour', 'damageTotal', 'channel', 'area', 'region'];
const FUELS = ['PETROL', 'DIESEL', 'HYBRID', 'ELECTRIC', 'LPG'];

/** An XLSX of `rows` valid, distinct vehicles (exceljs's streaming writer). */
export async function vehicleSheet(rows: number, tag: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('vehicles');
  sheet.addRow(COLUMNS);
  for (let i = 0; i < rows; i++) {
    const n = String(i).padStart(5, '0');
    sheet.addRow([
      `${tag}${n}`, `ZFA${tag}${String(i).padStart(11, '0')}`, ['Fiat', 'Jeep', 'Alfa Romeo'][i % 3], ['Panda', 'Renegade', 'Giulia'][i % 3],
      'Business', new Date(Date.UTC(2016 + (i % 8), i % 12, (i % 27) + 1)), 10_000 + (i * 37) % 190_000, FUELS[i % FUELS.length], i % 2 ? 'AUTOMATIC' : 'MANUAL',
      60 + (i % 140), 'grey', (i % 10) * 125.5, 'REMARKETING', 'North', 'Lombardia',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/mobile/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login of ${username}: ${res.status}`);
  return body.token;
}

/** Uploads and saves a `rows`-row vehicle file as the demo `loader` into provenance LEASYS-IT. */
export async function measureVehicleUpload(api: ApiProcess, password: string, rows = 5_000): Promise<VehicleUploadFigures> {
  const token = await login(api.baseUrl, 'loader', password);
  // Plates and frames unique to this run: letters only in the tag (no I, O, Q: a VIN never has them).
  const tag = Array.from({ length: 3 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(Math.random() * 23)]).join('');
  const file = await vehicleSheet(rows, tag);
  const rssBeforeMb = rssMbNow(api.pid);
  let peak = rssBeforeMb ?? 0;
  const watch = setInterval(() => { peak = Math.max(peak, rssMbNow(api.pid) ?? 0); }, 200);
  try {
    const form = new FormData();
    form.append('provenance', 'LEASYS-IT');
    form.append('file', new Blob([file as Uint8Array<ArrayBuffer>]), 'vehicles.xlsx');
    const t0 = performance.now();
    const up = await fetch(`${api.baseUrl}/api/v1/secure/upload-vehicle`, { method: 'POST', headers: { token }, body: form, signal: AbortSignal.timeout(600_000) });
    const upBody = (await up.json()) as { tempId?: string; errorCode?: number; errorMsg?: string };
    if (up.status !== 201 || !upBody.tempId) throw new Error(`upload-vehicle: ${up.status} ${JSON.stringify(upBody).slice(0, 300)}`);
    const t1 = performance.now();
    const save = await fetch(`${api.baseUrl}/api/v2/secure/save-vehicle?idTemp=${upBody.tempId}`, { method: 'POST', headers: { token }, signal: AbortSignal.timeout(600_000) });
    const saveBody = (await save.json()) as { vehicles?: unknown[] };
    if (save.status !== 201 || !Array.isArray(saveBody.vehicles)) throw new Error(`save-vehicle: ${save.status} ${JSON.stringify(saveBody).slice(0, 300)}`);
    const t2 = performance.now();
    const figures: VehicleUploadFigures = {
      rows, fileBytes: file.length, uploadSeconds: round((t1 - t0) / 1000), saveSeconds: round((t2 - t1) / 1000), totalSeconds: round((t2 - t0) / 1000),
      vehiclesSaved: saveBody.vehicles.length, rssBeforeMb, apiPeakRssMb: Math.max(peak, rssMbNow(api.pid) ?? 0) || null,
    };
    step(`vehicle-upload: ${rows} rows (${Math.round(file.length / 1024)} KiB): upload ${figures.uploadSeconds} s, save ${figures.saveSeconds} s, `
      + `total ${figures.totalSeconds} s; API RSS ${rssBeforeMb} MB before, peak ${figures.apiPeakRssMb} MB`);
    return figures;
  } finally {
    clearInterval(watch);
  }
}

const round = (s: number) => Math.round(s * 100) / 100;
