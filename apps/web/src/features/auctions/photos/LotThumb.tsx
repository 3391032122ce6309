import { photoUrl } from './photo-url.js';
import './photos.css';

/** The thumbnail box's size in CSS pixels (3:2): fixed, so a row never moves when its photo arrives or fails. */
export const THUMB_WIDTH = 96;
export const THUMB_HEIGHT = 64;

/**
 * A lot's cover photo as a fixed-size thumbnail: lazy, decoded off the main thread, width and height set, asked for at
 * low priority (the page's calls, an offer above all, go before the photos on a slow connection); without a
 * photo (a lot typed by hand, no vehicle) a placeholder box of the same size. Decorative (`alt=""`): the vehicle's
 * name is written beside it.
 */
export function LotThumb({ idPhoto, testId }: { idPhoto: string | null | undefined; testId?: string }) {
  if (!idPhoto) return <span className="lot-photo lot-photo-none" aria-hidden="true" data-testid={testId} data-photo="none" />;
  return (
    <img
      className="lot-photo" src={photoUrl(idPhoto, 'thumb')} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT}
      loading="lazy" decoding="async" fetchPriority="low" data-testid={testId} data-photo={idPhoto}
    />
  );
}
