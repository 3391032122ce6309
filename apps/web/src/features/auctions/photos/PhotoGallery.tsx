import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { photoUrl } from './photo-url.js';
import './photos.css';

/** The shown photo's intrinsic box (4:3, the display variant's width): the page keeps its place while it loads. */
export const DISPLAY_WIDTH = 1280;
export const DISPLAY_HEIGHT = 960;
/** A horizontal swipe shorter than this (CSS pixels) is a tap, not a move. */
export const SWIPE_MIN_PX = 40;

/** The photo shown after a key press, or null when the key is not the gallery's. */
export function photoIndexAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowLeft': return Math.max(0, index - 1);
    case 'ArrowRight': return Math.min(count - 1, index + 1);
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

interface Props {
  /** Photo blob ids, the first the cover. */
  readonly idPhotos: readonly string[];
  /** What the photos show (brand, model, plate): the images' alternative text. */
  readonly subject: string;
}

/**
 * A vehicle's photos: one shown in its display variant, previous and next buttons, a strip of thumbnails and a link
 * to the original. Arrow keys, Home and End move through them from any of the gallery's controls; a swipe moves on a
 * touch screen. Every image is lazy, decoded asynchronously and sized up front, so the gallery never holds up or
 * shifts the offer form beside it.
 */
export function PhotoGallery({ idPhotos, subject }: Props) {
  const { t } = useTranslation('auction');
  const [index, setIndex] = useState(0);
  const strip = useRef<HTMLOListElement>(null);
  const touchX = useRef<number | null>(null);
  const count = idPhotos.length;
  if (count === 0) {
    return (
      <section className="gallery" aria-labelledby="gallery-title" data-testid="gallery" data-count={0}>
        <h2 id="gallery-title" className="visually-hidden">{t('gallery.title')}</h2>
        <div className="gallery-stage gallery-none" data-testid="gallery-none"><span>{t('gallery.none')}</span></div>
      </section>
    );
  }
  const current = Math.min(index, count - 1);
  const show = (next: number, focusThumb: boolean) => {
    setIndex(next);
    if (focusThumb) strip.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = photoIndexAfterKey(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    show(next, strip.current?.contains(event.target as Node) ?? false);
  };
  const onTouchStart = (event: TouchEvent) => { touchX.current = event.touches[0]?.clientX ?? null; };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    setIndex(end < start ? Math.min(count - 1, current + 1) : Math.max(0, current - 1));
  };
  const id = idPhotos[current]!;
  return (
    <section className="gallery" aria-labelledby="gallery-title" onKeyDown={onKeyDown} data-testid="gallery" data-count={count} data-index={current}>
      <h2 id="gallery-title" className="visually-hidden">{t('gallery.title')}</h2>
      <div className="gallery-stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-testid="gallery-stage">
        <img
          key={id} src={photoUrl(id, 'display')} alt={t('gallery.alt', { subject, number: current + 1, total: count })}
          width={DISPLAY_WIDTH} height={DISPLAY_HEIGHT} loading="lazy" decoding="async" data-testid="gallery-photo" data-photo={id}
        />
      </div>
      <div className="gallery-bar">
        <button type="button" className="btn btn-small" onClick={() => show(Math.max(0, current - 1), false)} disabled={current === 0} data-testid="gallery-prev">
          {t('gallery.previous')}
        </button>
        <span aria-live="polite" data-testid="gallery-position">{t('gallery.position', { number: current + 1, total: count })}</span>
        <button type="button" className="btn btn-small" onClick={() => show(Math.min(count - 1, current + 1), false)} disabled={current === count - 1} data-testid="gallery-next">
          {t('gallery.next')}
        </button>
        <a href={photoUrl(id, 'original')} target="_blank" rel="noopener" data-testid="gallery-original">{t('gallery.original')}</a>
      </div>
      <p className="muted small">{t('gallery.keys')}</p>
      <ol className="gallery-strip" ref={strip} aria-label={t('gallery.thumbnails')}>
        {idPhotos.map((photo, i) => (
          <li key={photo}>
            <button
              type="button" className="gallery-thumb" aria-current={i === current ? 'true' : undefined} onClick={() => show(i, false)}
              aria-label={t('gallery.show', { number: i + 1, total: count })} data-testid={`gallery-thumb-${i}`}
            >
              <img src={photoUrl(photo, 'thumb')} alt="" width={96} height={64} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
