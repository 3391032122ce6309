/**
 * The home banners back-office in the browser (issue 23 item 6): an administrator opens `top-cms` from the back-office
 * menu, creates a banner with the keyboard (the form refuses it without a desktop image), uploads a real PNG (the
 * preview comes from `open/temp-image` as WebP), saves it, finds it in the list with its thumbnail and on the home's
 * `open/top-cms`, edits its order and deletes it after a confirmation. axe on every step; on a 390×844 phone nothing
 * scrolls sideways.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { closeSuccess, describeViolations, runAxe, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'top-cms';
const TITLE = `Banner ${Date.now().toString(36)}`;

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

const imageLoaded = (page: Page, testId: string) => page.waitForFunction(
  (id) => { const img = document.querySelector(`[data-testid=${id}]`) as HTMLImageElement | null; return !!img && img.complete && img.naturalWidth > 0; }, testId, { timeout: 30_000 });

describe('home banners back-office', () => {
  it('keyboard: create a banner with an uploaded image, see it on the home\'s call, edit its order, delete it', async () => {
    const { page } = await e2e.user('admin', '/top-cms');
    await page.getByTestId('top-cms-list').waitFor({ state: 'visible', timeout: 30_000 });
    await settled(page);
    await expectNoAxeViolations(page, 'banner list');
    await tabTo(page, 'top-cms-new');
    await page.keyboard.press('Enter');
    await page.getByTestId('top-cms-form').waitFor({ state: 'visible' });
    await tabTo(page, 'top-cms-title');
    await page.keyboard.type(TITLE);
    await tabTo(page, 'top-cms-save');
    await page.keyboard.press('Enter');
    // No desktop image: the form says so and sends nothing.
    await page.locator('[data-testid=top-cms-image-desktop][aria-invalid=true]').waitFor({ state: 'visible' });

    const png = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#0b3d91' } }).png().toBuffer();
    await page.getByTestId('top-cms-file-desktop').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await imageLoaded(page, 'top-cms-preview-desktop');
    // The image came: the form no longer says it is missing.
    await page.locator('[data-testid=top-cms-image-desktop][aria-invalid=true]').waitFor({ state: 'detached' });
    expect(await page.getByTestId('top-cms-preview-desktop').getAttribute('src')).toMatch(/^\/api\/v1\/open\/temp-image\?path=temp\//);
    await tabTo(page, 'top-cms-ctaLabel');
    await page.keyboard.type('Scopri di più');
    await tabTo(page, 'top-cms-ctaUrl');
    await page.keyboard.type('/registration');
    await settled(page);
    await expectNoAxeViolations(page, 'banner form');
    await screenshot(page, TEST, 'form');
    await tabTo(page, 'top-cms-save');
    await page.keyboard.press('Enter');
    await closeSuccess(page);

    const api = await e2e.api('admin');
    const page1 = await api.expect<{ items: { id: string; title: string; order: number }[] }>(200, 'GET', '/api/v1/admin/top-cms?mkt=IT&limit=100');
    const created = page1.items.find((b) => b.title === TITLE)!;
    expect(created).toBeDefined();
    await page.getByTestId(`top-cms-row-${created.id}`).waitFor({ state: 'visible' });
    const home = await (await fetch(`${e2e.product.baseUrl}/api/v1/open/top-cms?mkt=IT&lang=it`)).json() as { id: string; cta: string; imageUrl: string }[];
    const shown = home.find((b) => b.id === created.id)!;
    expect(shown.cta).toBe('/registration');
    const image = await fetch(`${e2e.product.baseUrl}${shown.imageUrl}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);

    await tabTo(page, `top-cms-edit-${created.id}`);
    await page.keyboard.press('Enter');
    await tabTo(page, 'top-cms-order');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('42');
    await tabTo(page, 'top-cms-save');
    await page.keyboard.press('Enter');
    await closeSuccess(page);
    const edited = await api.expect<{ items: { id: string; order: number }[] }>(200, 'GET', '/api/v1/admin/top-cms?mkt=IT&limit=100');
    expect(edited.items.find((b) => b.id === created.id)?.order).toBe(42);

    await tabTo(page, `top-cms-delete-${created.id}`);
    await page.keyboard.press('Enter');
    await page.getByTestId('dialog-confirm').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'delete confirmation');
    // The modal dialog keeps the focus inside it: Tab reaches its delete button, Enter confirms.
    await tabTo(page, 'dialog-confirm');
    await page.keyboard.press('Enter');
    await page.getByTestId('dialog-confirm').waitFor({ state: 'detached' });
    const answer = page.locator('[data-testid=dialog]');
    await answer.waitFor({ state: 'visible', timeout: 15_000 });
    expect([await answer.getAttribute('data-kind'), await answer.getAttribute('data-error-code')]).toEqual(['success', null]);
    await closeSuccess(page);
    await page.getByTestId(`top-cms-row-${created.id}`).waitFor({ state: 'detached' });
    expect((await fetch(`${e2e.product.baseUrl}${shown.imageUrl}`)).status).toBe(404);
  }, 120_000);

  it('on a 390×844 phone the list and the form fit: nothing scrolls sideways', async () => {
    const { page } = await e2e.user('customer', '/top-cms');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('top-cms-list').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByTestId('top-cms-new').click();
    await page.getByTestId('top-cms-form').waitFor({ state: 'visible' });
    await settled(page);
    const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    await screenshot(page, TEST, 'phone');
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    await expectNoAxeViolations(page, 'banner form on a phone');
  }, 60_000);
});
