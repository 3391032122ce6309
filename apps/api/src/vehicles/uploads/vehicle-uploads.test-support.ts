/**
 * Files for the vehicle upload tests, made in the test (no binary fixtures): vehicle files as XLSX (exceljs) and CSV,
 * pictures (sharp) with EXIF and GPS, a decompression bomb (a PNG whose header claims 50,000 × 50,000 pixels in a
 * hundred bytes), and the multipart call as a browser sends it.
 */
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { VEHICLE_UPLOAD_COLUMNS } from '@auction/contracts';
import type { ApiClient } from '../../testing/server.test-support.js';

/** One vehicle row as the template's columns; `n` makes its plate and frame unique. */
export function vehicleRow(n: number, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    licensePlate: `AB${String(n).padStart(3, '0')}CD`, frame: `WVWZZZ1JZ${String(n).padStart(8, '0')}`, brand: 'Fiat', model: 'Panda',
    version: '1.2 Lounge', firstRegistration: new Date(Date.UTC(2019, 4, (n % 27) + 1)), mileageKm: 40_000 + n, fuel: 'petrol',
    gearbox: 'MANUAL', powerKw: 51, colour: 'white', damageTotal: 350.5, channel: 'REMARKETING', area: 'North', region: 'Lombardia',
    appraisedOn: '', appraisalGrade: '', appraisalNotes: '',
    ...changes,
  };
}

/** An XLSX of these rows under the template's header (dates as date cells, numbers as numbers). */
export async function xlsxOf(rows: readonly Record<string, unknown>[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('vehicles');
  sheet.addRow([...VEHICLE_UPLOAD_COLUMNS]);
  for (const row of rows) sheet.addRow(VEHICLE_UPLOAD_COLUMNS.map((c) => row[c] ?? null));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A CSV (`;` between cells, as European spreadsheets write it) of these rows. */
export function csvOf(rows: readonly Record<string, unknown>[]): Uint8Array {
  const cell = (v: unknown) => {
    const text = v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '');
    return /[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [VEHICLE_UPLOAD_COLUMNS.join(';'), ...rows.map((r) => VEHICLE_UPLOAD_COLUMNS.map((c) => cell(r[c])).join(';'))];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** A JPEG photo carrying EXIF with a camera owner and a GPS position (what must never be served). */
export function jpegWithGps(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: 'Loader Camera Owner', Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `side` × `side` RGB pixels (7.5 GB decoded at 50,000), in about a hundred bytes. */
export function pngBomb(side = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(1024))), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart upload as the web form sends it (`fetch` with `FormData`), authenticated as `client`, with `extra` headers. */
export async function upload(
  client: ApiClient, path: string, parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>, extra: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.bytes as Uint8Array<ArrayBuffer>], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (client.credentials.token) headers.token = client.credentials.token;
  const res = await fetch(`${client.baseUrl}${path}`, { method: 'POST', body: form, headers, signal: AbortSignal.timeout(120_000) });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers };
}

/** A GET of a file: status, headers and bytes. */
export async function download(client: ApiClient, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const all: Record<string, string> = { ...headers };
  if (client.credentials.token) all.token = client.credentials.token;
  const res = await fetch(`${client.baseUrl}${path}`, { headers: all, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
