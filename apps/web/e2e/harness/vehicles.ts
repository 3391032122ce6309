/**
 * Vehicle files for the browser tests: rows of the upload sheet, an XLSX of them, drawn photos, a drop on a drop zone,
 * and whether an image arrived (shared by the upload, vehicle and journey specs).
 */
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { VEHICLE_UPLOAD_COLUMNS } from '@auction/contracts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Row `n` of an upload sheet of the run `run` (a number of up to 6 digits): a plate (`prefix` + 8 digits) and a frame
 * no other run uses; `changes` overrides columns (a bad value makes the row refused).
 */
export function vehicleRow(run: number, n: number, changes: Record<string, unknown> = {}, prefix = 'UP'): Record<string, unknown> {
  const id = String(run * 100 + n).padStart(8, '0');
  return {
    licensePlate: `${prefix}${id}`, frame: `WVWZZZ1JZ${id}`, brand: 'Fiat', model: 'Panda', version: '1.2 Lounge',
    firstRegistration: new Date(Date.UTC(2019, 4, (n % 27) + 1)), mileageKm: 40_000 + n, fuel: 'petrol', gearbox: 'MANUAL', powerKw: 51,
    colour: 'white', damageTotal: 350.5, channel: 'REMARKETING', area: 'North', region: 'Lombardia', ...changes,
  };
}

/** An XLSX of the upload columns with `rows` under the header. */
export async function xlsxOf(rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('vehicles');
  sheet.addRow([...VEHICLE_UPLOAD_COLUMNS]);
  for (const row of rows) sheet.addRow(VEHICLE_UPLOAD_COLUMNS.map((c) => row[c] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An 800×600 picture of one colour (`r` tells them apart), as PNG or JPEG bytes. */
export const picture = (format: 'png' | 'jpeg', r: number): Promise<Buffer> =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 200 } } })[format]().toBuffer();

/** Drops files on a drop zone as a mouse would (a DataTransfer carried by a drop event). */
export async function drop(page: Page, testId: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') }));
  await page.getByTestId(testId).evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
    }
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, payload);
}

/** True once the first image `selector` matches has arrived and decoded (a real photo served to this user). */
export async function imageDecoded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
}
