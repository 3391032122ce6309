// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../i18n/i18n.js';
import { LotThumb } from './LotThumb.js';
import { PhotoGallery, photoIndexAfterKey } from './PhotoGallery.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const photos = ['p-1', 'p-2', 'p-3', 'p-4'];
const shown = () => screen.getByTestId('gallery-photo');
function renderGallery(ids: readonly string[] = photos) {
  render(<I18nextProvider i18n={i18n}><PhotoGallery idPhotos={ids} subject="Fiat Tipo (GD101LS)" /></I18nextProvider>);
}

describe('PhotoGallery', () => {
  it('shows the first photo in its display variant, sized and lazy, with the original on demand', () => {
    renderGallery();
    const img = shown();
    expect(img.getAttribute('src')).toBe('/api/v1/secure/image?idImage=p-1&size=display');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '960']);
    expect(img.getAttribute('alt')).toBe('Fiat Tipo (GD101LS), photo 1 of 4');
    expect(screen.getByTestId('gallery-original').getAttribute('href')).toBe('/api/v1/secure/image?idImage=p-1&size=original');
    // Every thumbnail of the strip is lazy and sized too: none of them is fetched before it is near the screen.
    for (const thumb of screen.getByRole('list', { name: 'All photos' }).querySelectorAll('img')) {
      expect([thumb.getAttribute('loading'), thumb.getAttribute('decoding'), thumb.getAttribute('width'), thumb.getAttribute('height')]).toEqual(['lazy', 'async', '96', '64']);
      expect(thumb.getAttribute('src')).toMatch(/size=thumb$/);
    }
  });

  it('moves with the arrow keys, Home and End, and stops at the ends', () => {
    renderGallery();
    const next = screen.getByTestId('gallery-next');
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shown().getAttribute('data-photo')).toBe('p-2');
    expect(screen.getByTestId('gallery-position').textContent).toBe('Photo 2 of 4');
    fireEvent.keyDown(next, { key: 'End' });
    expect(shown().getAttribute('data-photo')).toBe('p-4');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shown().getAttribute('data-photo')).toBe('p-4');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shown().getAttribute('data-photo')).toBe('p-3');
    fireEvent.keyDown(next, { key: 'Home' });
    expect(shown().getAttribute('data-photo')).toBe('p-1');
    expect((screen.getByTestId('gallery-prev') as HTMLButtonElement).disabled).toBe(true);
    // Other keys are left alone (Tab keeps moving the focus).
    fireEvent.keyDown(next, { key: 'a' });
    expect(shown().getAttribute('data-photo')).toBe('p-1');
  });

  it('moves the focus along the thumbnails when a key is pressed on one, which is marked current', () => {
    renderGallery();
    const first = screen.getByTestId('gallery-thumb-0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('gallery-thumb-1'));
    expect(screen.getByTestId('gallery-thumb-1').getAttribute('aria-current')).toBe('true');
    expect(first.getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByTestId('gallery-thumb-3'));
    expect(shown().getAttribute('data-photo')).toBe('p-4');
  });

  it('moves on a swipe, not on a tap', () => {
    renderGallery();
    const stage = screen.getByTestId('gallery-stage');
    fireEvent.touchStart(stage, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200 }] });
    expect(shown().getAttribute('data-photo')).toBe('p-2');
    fireEvent.touchStart(stage, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 215 }] });
    expect(shown().getAttribute('data-photo')).toBe('p-2');
    fireEvent.touchStart(stage, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 180 }] });
    expect(shown().getAttribute('data-photo')).toBe('p-1');
  });

  it('says so when the vehicle has no photo, in a box of the same size', () => {
    renderGallery([]);
    expect(screen.getByTestId('gallery-none').textContent).toBe('No photos of this vehicle.');
    expect(screen.queryByTestId('gallery-photo')).toBeNull();
  });

  it('photoIndexAfterKey: the pure rule', () => {
    expect(photoIndexAfterKey('ArrowRight', 0, 0)).toBeNull();
    expect(photoIndexAfterKey('End', 0, 5)).toBe(4);
    expect(photoIndexAfterKey('ArrowLeft', 0, 5)).toBe(0);
    expect(photoIndexAfterKey('Enter', 2, 5)).toBeNull();
  });
});

describe('LotThumb', () => {
  it('is a fixed-size lazy thumbnail, or a placeholder of the same box without a photo', () => {
    const { container } = render(<><LotThumb idPhoto="c-1" testId="t1" /><LotThumb idPhoto={null} testId="t2" /></>);
    const img = screen.getByTestId('t1');
    expect([img.tagName, img.getAttribute('loading'), img.getAttribute('decoding'), img.getAttribute('width'), img.getAttribute('height')])
      .toEqual(['IMG', 'lazy', 'async', '96', '64']);
    expect(img.getAttribute('src')).toBe('/api/v1/secure/image?idImage=c-1&size=thumb');
    const none = screen.getByTestId('t2');
    expect([none.tagName, none.getAttribute('aria-hidden'), none.className]).toEqual(['SPAN', 'true', 'lot-photo lot-photo-none']);
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});
