import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { vehicleImageUrl } from './vehicles-api.js';

/** The photo shown after a key press on the gallery (arrows, Home, End), or null for a key it does not use. */
export function galleryIndexAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight': return (index + 1) % count;
    case 'ArrowLeft': return (index - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

/**
 * A vehicle's photos: one large (the display variant, 1280 px) with previous/next buttons, and a strip of thumbnails
 * (the small variant) to jump to any. Keyboard: the arrows, Home and End on the focused stage or strip; the thumbnails
 * are buttons. Only the photo shown and the thumbnails near the screen are loaded (lazy).
 */
export function PhotoGallery({ photos, title }: { photos: readonly string[]; title: string }) {
  const { t } = useTranslation('vehicles');
  const [index, setIndex] = useState(0);
  const count = photos.length;
  if (count === 0) return <p className="muted" data-testid="gallery-empty">{t('details.noPhotos')}</p>;
  const current = Math.min(index, count - 1);
  const onKey = (e: KeyboardEvent) => {
    const next = galleryIndexAfterKey(e.key, current, count);
    if (next === null) return;
    e.preventDefault();
    setIndex(next);
  };
  const label = (i: number) => t('details.photoOf', { n: i + 1, count, title });
  return (
    <section className="gallery" aria-roledescription={t('details.gallery')} aria-label={t('details.galleryOf', { title })} data-testid="vehicle-gallery" onKeyDown={onKey}>
      <div className="gallery-stage" role="group" tabIndex={0} aria-label={t('details.galleryHint')} data-testid="gallery-stage">
        <img
          key={photos[current]} src={vehicleImageUrl(photos[current]!, 'display')} alt={label(current)} width={1280} height={960}
          loading="lazy" decoding="async" data-testid="gallery-photo" data-index={current}
        />
      </div>
      <div className="gallery-controls">
        <button type="button" className="btn btn-small" onClick={() => setIndex((current - 1 + count) % count)} disabled={count < 2} data-testid="gallery-prev">
          {t('details.previous')}
        </button>
        <span aria-live="polite" data-testid="gallery-position">{t('details.position', { n: current + 1, count })}</span>
        <button type="button" className="btn btn-small" onClick={() => setIndex((current + 1) % count)} disabled={count < 2} data-testid="gallery-next">
          {t('details.next')}
        </button>
      </div>
      <ul className="gallery-thumbs" aria-label={t('details.thumbnails')}>
        {photos.map((id, i) => (
          <li key={id}>
            <button type="button" aria-current={i === current ? 'true' : undefined} aria-label={label(i)} onClick={() => setIndex(i)} data-testid={`gallery-thumb-${i}`}>
              <img src={vehicleImageUrl(id, 'thumb')} alt="" width={72} height={54} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
