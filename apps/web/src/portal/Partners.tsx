import { Carousel, slidesOf } from './Carousel.js';
import { wholeStars } from '../ui/partner-display.js';
import { logoUrl, partnerHref, type PortalPartner } from './portal-data.js';
import { useT } from './texts.js';

/** A read-only rating: five whole stars (spec 01 §9: no half stars), the average rounded to whole stars. */
export function Stars({ rating, size = 'medium' }: { readonly rating: number; readonly size?: 'medium' | 'large' }) {
  const t = useT();
  const whole = wholeStars(rating);
  return (
    <span className={`stars stars-${size}`} role="img" aria-label={t('partners.rating', { rating })} data-rating={rating}>
      {[1, 2, 3, 4, 5].map((n) => <span key={n} aria-hidden="true" className={n <= whole ? 'star on' : 'star'}>★</span>)}
    </span>
  );
}

function PartnerCard({ partner, onSelect }: { readonly partner: PortalPartner; readonly onSelect?: (p: PortalPartner) => void }) {
  const logo = logoUrl(partner.smallLogo ?? partner.largeLogo);
  return (
    <a
      className="partner-card" href={partnerHref(partner.idTemplate)} data-partner={partner.idTemplate}
      onClick={onSelect ? (e) => { e.preventDefault(); onSelect(partner); } : undefined}
    >
      {logo ? <img src={logo} alt="" width={160} height={80} loading="lazy" decoding="async" /> : <span className="partner-initial" aria-hidden="true">{partner.auctionName.slice(0, 1)}</span>}
      <span className="partner-name">{partner.auctionName}</span>
    </a>
  );
}

/**
 * The partner logo carousel: two partners per slide (`ceil(n / 2)` slides, one when fewer than two), autoplay every
 * 3000 ms, 1000 ms transitions, arrows, no dots, infinite (spec 01 §2, §9). A partner opens its page, or, on the
 * partner page (`onSelect`), becomes the partner shown.
 */
export function PartnerCarousel({ partners, perSlide = 2, onSelect, testId }: {
  readonly partners: readonly PortalPartner[]; readonly perSlide?: number; readonly onSelect?: (p: PortalPartner) => void; readonly testId?: string;
}) {
  const t = useT();
  return (
    <Carousel
      className="partner-carousel" testId={testId} label={t('partners.title')} autoplayMs={3000} speedMs={1000}
      previousLabel={t('partners.previous')} nextLabel={t('partners.next')} stopLabel={t('partners.stop')} startLabel={t('partners.start')}
      slideLabel={(index, count) => t('partners.slide', { index, count })}
      slides={slidesOf(partners, perSlide).map((slide) => (
        <ul className="partner-slide">{slide.map((p) => <li key={p.idTemplate}><PartnerCard partner={p} onSelect={onSelect} /></li>)}</ul>
      ))}
    />
  );
}
