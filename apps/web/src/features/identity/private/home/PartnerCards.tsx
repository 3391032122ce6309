import { useTranslation } from 'react-i18next';
import type { Page, Partner } from '@auction/contracts';
import { partnerLogo, wholeStars } from './dealer-home.js';

/** The public partner page of one partner (spec 01 §2: `/partner` with `idTemplate`). */
export function partnerPageHref(idTemplate: string): string {
  return `/partner?${new URLSearchParams({ idTemplate }).toString()}`;
}

/** "Our partners": the dealer's partners (`GET /secure/partners`, by name, one page), each a card linking to its page. */
export function PartnersSection({ partners }: { readonly partners: Page<Partner> | null }) {
  const { t } = useTranslation('privatePages');
  return (
    <section className="home-partners" aria-labelledby="home-partners-title" data-testid="home-partners">
      <h2 id="home-partners-title">{t('home.partnersTitle')}</h2>
      {partners === null ? <p className="muted" role="status" data-testid="home-partners-unavailable">{t('home.unavailable')}</p>
        : partners.items.length === 0 ? <p className="muted" data-testid="home-no-partners">{t('home.noPartners')}</p> : (
          <>
            <ul className="partner-cards">
              {partners.items.map((p) => <PartnerCard key={p.idTemplate} partner={p} />)}
            </ul>
            {partners.total > partners.items.length && (
              <p className="muted" data-testid="home-partners-shown">{t('home.partnersShown', { shown: partners.items.length, total: partners.total })}</p>
            )}
          </>
        )}
    </section>
  );
}

/** One partner: its logo (or its initial), its name as the link to its page, its rating as whole stars and its votes. */
function PartnerCard({ partner }: { readonly partner: Partner }) {
  const { t } = useTranslation('privatePages');
  const logo = partnerLogo(partner);
  const stars = wholeStars(partner.auctioneerRating);
  return (
    <li className="card partner-card" data-testid={`home-partner-${partner.idTemplate}`}>
      {logo
        ? <img className="partner-logo" src={logo} alt="" width={64} height={64} loading="lazy" decoding="async" data-testid={`partner-logo-${partner.idTemplate}`} />
        : <span className="partner-logo partner-initial" aria-hidden="true">{partner.auctionName.trim().charAt(0).toUpperCase()}</span>}
      <div className="partner-text">
        <a className="partner-name" href={partnerPageHref(partner.idTemplate)} data-testid={`partner-link-${partner.idTemplate}`}>{partner.auctionName}</a>
        <p className="partner-rating" data-testid={`partner-rating-${partner.idTemplate}`} data-stars={stars}>
          <span className="partner-stars" aria-hidden="true">{'★'.repeat(stars)}<span className="partner-stars-off">{'☆'.repeat(5 - stars)}</span></span>
          <span className="visually-hidden">{t('home.stars', { stars })}, </span>
          <span className="muted">{t('home.votes', { count: partner.numFeedback })}</span>
        </p>
      </div>
    </li>
  );
}
