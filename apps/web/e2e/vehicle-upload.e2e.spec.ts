/**
 * Issue 22 item 4, the `upload-vehicle` screen: the demo loader drops an XLSX of 50 vehicles with 3 bad rows and sees
 * those 3 rows refused (row, field, reason) and nothing loaded; uploads the corrected file with the keyboard's file
 * button; adds photos to three vehicles (PNG and JPEG made here with sharp) and sees each upload's progress and the
 * thumbnails; sees an HTML page named .jpg refused by its content; saves and sees the 50 saved vehicles with links.
 * axe-clean at every step, and the whole journey runs on a 390 px wide phone without sideways scrolling.
 */
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, screenshot, tabTo, useE2E } from './harness.js';
import { XLSX_TYPE as XLSX, drop, picture, vehicleRow as sheetRow, xlsxOf } from './harness/vehicles.js';

const e2e = useE2E();
const TEST = 'vehicle-upload';
const PHONE = { width: 390, height: 844 };
const RUN = Date.now() % 1_000_000;

/** Vehicle `n` of this run: a plate and a frame no other run or test uses. */
const vehicleRow = (n: number, changes: Record<string, unknown> = {}) => sheetRow(RUN, n, changes);

async function expectNoSidewaysScroll(page: Page, step: string): Promise<void> {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width, `${step}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

describe('the upload-vehicle screen', () => {
  it('the loader loads 50 vehicles (3 bad rows listed first), adds photos to three, sees a wrong file refused, and saves them', async () => {
    // The loader's home is this screen, and its menu leads here.
    const { page } = await e2e.user('loader');
    await page.waitForURL((url) => url.pathname === '/upload-vehicle');
    expect(await page.getByTestId('nav-upload-vehicle').getAttribute('aria-current')).toBe('page');
    await page.setViewportSize(PHONE);
    // File pickers are intercepted from the start (set up when the listener is added, before any key is pressed).
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    const provenance = page.getByTestId('sheet-provenance');
    await expect.poll(() => provenance.locator('option').count()).toBeGreaterThan(1);
    // The loader of D-AUCT is offered its dealer's provenances only.
    expect(await provenance.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean))).toEqual(['LEASYS-DE', 'LEASYS-IT']);

    // A missing file is an error before the call is made.
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('/upload-vehicle') && r.method() === 'POST') calls++; });
    await page.getByTestId('sheet-upload').click();
    await page.getByTestId('sheet-file-error').waitFor();
    await page.getByTestId('sheet-provenance-error').waitFor();
    expect(calls).toBe(0);

    // 50 rows, 3 of them bad: the file is refused with exactly those 3 rows listed, the reasons in the user's words.
    const rows = Array.from({ length: 50 }, (_, i) => vehicleRow(i + 1));
    const bad = [...rows];
    bad[4] = vehicleRow(5, { frame: 'SHORTFRAME' });
    bad[19] = vehicleRow(20, { mileageKm: 'many' });
    bad[41] = vehicleRow(42, { fuel: 'steam' });
    await provenance.selectOption('LEASYS-IT');
    await drop(page, 'sheet-drop', [{ name: 'vehicles.xlsx', type: XLSX, bytes: await xlsxOf(bad) }]);
    expect(await page.getByTestId('sheet-chosen').textContent()).toContain('vehicles.xlsx');
    await page.getByTestId('sheet-upload').click();
    const refused = page.getByTestId('sheet-refused');
    await refused.waitFor();
    expect(calls).toBe(1);
    const lines = await page.getByTestId('refused-row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
    expect(lines).toEqual([
      ['6', 'Frame (VIN)', 'The frame number (VIN) is not valid: 17 letters and digits, without I, O and Q.'],
      ['21', 'Mileage (km)', 'The mileage must be a whole number of kilometres, not negative and within a realistic range.'],
      ['43', 'Fuel', 'The fuel type is not one of the list.'],
    ]);
    expect(await page.getByTestId('upload-item').getAttribute('data-phase')).toBe('refused');
    await expectAxeClean(page, 'refused rows');
    await expectNoSidewaysScroll(page, 'refused rows');
    await screenshot(page, TEST, '1-refused-rows');

    // The corrected file, chosen with the keyboard: Tab to the file button, Enter opens the file picker.
    await tabTo(page, 'sheet-drop-button');
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles({ name: 'vehicles-fixed.xlsx', mimeType: XLSX, buffer: await xlsxOf(rows) });
    await page.getByTestId('sheet-upload').click();
    const batch = page.getByTestId('batch-step');
    await batch.waitFor();
    expect(await page.getByTestId('batch-loaded').getAttribute('data-count')).toBe('50');

    // Photos for three vehicles: rows 2 and 3 by the table, row 51 found by its plate; each shows progress and a thumbnail.
    const targets = [2, 3, 51];
    for (const [i, row] of targets.entries()) {
      if (row === 51) await page.getByTestId('batch-filter').fill(String(rows[49]!.licensePlate));
      await page.getByTestId(`batch-select-${row}`).click();
      await page.locator(`[data-testid=vehicle-files][data-row="${row}"]`).waitFor();
      const files = i === 0
        ? [{ name: 'front.png', mimeType: 'image/png', buffer: await picture('png', 40) }, { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 90) }]
        : [{ name: `side-${row}.jpg`, mimeType: 'image/jpeg', buffer: await picture('jpeg', 20 * i) }];
      await page.getByTestId('files-drop-input').setInputFiles(files);
      const panel = page.getByTestId('files-progress');
      await expect.poll(() => panel.locator('[data-testid=upload-item][data-phase=done]').count(), { timeout: 20_000 }).toBe(files.length);
      expect(await panel.getByTestId('upload-progress').evaluateAll((bars) => bars.map((b) => (b as HTMLProgressElement).value))).toEqual(files.map(() => 100));
      const thumbnails = page.getByTestId('thumbnail');
      await expect.poll(() => thumbnails.count()).toBe(files.length);
      // Each thumbnail is the server's 320 px rendering of the photo just uploaded.
      await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual(files.map(() => 320));
      expect(await page.getByTestId(`batch-row-${row}`).locator('td').nth(3).textContent()).toBe(String(files.length));
    }
    await page.getByTestId('batch-filter').fill('');

    // An HTML page named .jpg is refused by its content; the vehicle keeps its photos.
    await page.getByTestId('files-drop-input').setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><html><body>not a photo</body></html>') });
    const wrong = page.locator('[data-testid=upload-item][data-name="car.jpg"]');
    await expect.poll(() => wrong.getAttribute('data-phase'), { timeout: 15_000 }).toBe('refused');
    expect(await wrong.getByTestId('upload-refusal').getAttribute('data-error-code')).toBe('415200');
    expect(await wrong.getByTestId('upload-refusal').textContent()).toContain('content was checked');
    expect(await page.getByTestId('thumbnail').count()).toBe(1);
    await expectAxeClean(page, 'photos');
    await expectNoSidewaysScroll(page, 'photos');
    await screenshot(page, TEST, '2-photos');

    // Save: 50 vehicles saved, those with photos carry them, each links to its details.
    await page.getByTestId('save-vehicles').click();
    const result = page.getByTestId('save-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-count')).toBe('50');
    expect(await page.getByTestId('save-summary').textContent()).toBe('50 vehicles saved.');
    const first = await page.getByTestId('saved-row').first().locator('td').evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    expect(first.slice(0, 3)).toEqual(['2', String(rows[0]!.licensePlate), '2']);
    const href = await page.getByTestId('saved-link-2').getAttribute('href');
    expect(href).toMatch(/^\/vehicle-details\/[^/]+$/);
    // The saved vehicle is the loader's, with its two photos.
    const details = await page.request.get(`/api/v1/secure/vehicle/${href!.split('/').pop()}`);
    expect(details.status()).toBe(200);
    const card = await details.json() as { licensePlate: string; photos: string[] };
    expect([card.licensePlate, card.photos.length]).toEqual([rows[0]!.licensePlate, 2]);
    await expectAxeClean(page, 'saved');
    await expectNoSidewaysScroll(page, 'saved');
    await screenshot(page, TEST, '3-saved');
  });
});
