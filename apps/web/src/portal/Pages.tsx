import { useEffect, useRef, useState } from 'react';
import { AppLinks, CompanyBlock, ContactBlock, LeasingBlock, WhySignUpBlock } from './HomeBlocks.js';
import { PartnerCarousel, Stars } from './Partners.js';
import { logoUrl, partnerHref, type PortalData, type PortalPartner } from './portal-data.js';
import { TopBanner } from './TopBanner.js';
import { useT } from './texts.js';

/** The market's home (spec 01 §2): top banner, company, why sign up, partners (unless hidden), leasing, app links, contacts. */
export function HomePage({ data }: { readonly data: PortalData }) {
  const t = useT();
  return (
    <>
      <h1 className="visually-hidden">{t('brand')}</h1>
      <TopBanner data={data} />
      <CompanyBlock />
      <WhySignUpBlock data={data} />
      {data.showPartners && data.partners.length > 0 && (
        <section className="portal-block" data-testid="home-partners">
          <h2 id="partners-title">{t('partners.title')}</h2>
          <p>{t('partners.intro')}</p>
          <PartnerCarousel partners={data.partners} testId="partner-carousel" />
        </section>
      )}
      <LeasingBlock data={data} />
      <AppLinks data={data} />
      <ContactBlock data={data} />
    </>
  );
}

/** True while the viewport is a phone's; false on the server and in the first frame (the page is drawn for a desktop first). */
function usePhone(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(max-width: 767px)');
    if (!query) return undefined;
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return phone;
}

/**
 * The partner page (spec 01 §2): name, large logo, read-only stars (0 without votes; large on a desktop, medium on a
 * phone), votes, description, contacts; below, the partners' logo carousel (two per slide on a desktop, one on a
 * phone). A logo selects its partner here and scrolls to the top.
 */
export function PartnerPage({ data }: { readonly data: PortalData }) {
  const t = useT();
  const phone = usePhone();
  const initial = data.idTemplate === null ? data.partners[0] ?? null : data.partners.find((p) => p.idTemplate === data.idTemplate) ?? null;
  const [partner, setPartner] = useState<PortalPartner | null>(initial);
  // A partner chosen in the carousel: the page goes to its top, and so does the focus (its name), not left on the
  // logo out of view below, where the next Tab took the page back and a screen reader heard nothing change.
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState(0);
  useEffect(() => { if (chosen > 0) heading.current?.focus({ preventScroll: true }); }, [chosen]);
  const select = (p: PortalPartner) => {
    setPartner(p);
    setChosen((n) => n + 1);
    window.history.replaceState(null, '', partnerHref(p.idTemplate));
    window.scrollTo({ top: 0 });
  };
  const logo = partner ? logoUrl(partner.largeLogo ?? partner.smallLogo) : null;
  return (
    <>
      {partner ? (
        <article className="portal-block partner-page" data-testid="partner-page" data-partner={partner.idTemplate}>
          <h1 ref={heading} tabIndex={-1}>{partner.auctionName}</h1>
          {logo && <img className="partner-logo-large" src={logo} alt="" width={320} height={160} />}
          <p className="partner-rating">
            <Stars rating={partner.auctioneerRating} size={phone ? 'medium' : 'large'} />
            <span data-testid="votes">{t('partners.votes', { count: partner.numFeedback })}</span>
          </p>
          {partner.description && <p className="partner-description">{partner.description}</p>}
          <h2>{t('partner.contacts')}</h2>
          <dl className="portal-contacts">
            {partner.commercialInfoPhone && <><dt>{t('partner.phone')}</dt><dd><a href={`tel:${partner.commercialInfoPhone.replace(/\s/g, '')}`}>{partner.commercialInfoPhone}</a></dd></>}
            {partner.commercialInfoEmail && <><dt>{t('partner.email')}</dt><dd><a href={`mailto:${partner.commercialInfoEmail}`}>{partner.commercialInfoEmail}</a></dd></>}
            {partner.vatCode && <><dt>{t('partner.vat')}</dt><dd>{partner.vatCode}</dd></>}
          </dl>
        </article>
      ) : (
        <section className="portal-block" data-testid="partner-missing">
          <h1>{t('partners.title')}</h1>
          <p>{t('partner.notFound')}{data.partners.length > 0 ? ` ${t('partner.choose')}` : ''}</p>
        </section>
      )}
      {data.partners.length > 0 && (
        <section className="portal-block">
          <h2 id="our-partners-title">{t('partners.title')}</h2>
          <PartnerCarousel key={phone ? 'phone' : 'desktop'} partners={data.partners} perSlide={phone ? 1 : 2} onSelect={select} testId="partner-page-carousel" />
        </section>
      )}
    </>
  );
}

/** The privacy page (spec 01 §2): title and the policy in the page's language. */
export function PrivacyPage() {
  const t = useT();
  return (
    <section className="portal-block portal-text" data-testid="privacy-page">
      <h1>{t('privacy.title')}</h1>
      <p>{t('privacy.body')}</p>
      <p>{t('privacy.body2')}</p>
    </section>
  );
}

/** A page holding one block of the home (`company`, `why-sign-up-component`, `contact`: spec 01 §2 routes). */
export function BlockPage({ data }: { readonly data: PortalData }) {
  const t = useT();
  const block = data.page === 'company' ? <CompanyBlock /> : data.page === 'why' ? <WhySignUpBlock data={data} /> : <ContactBlock data={data} />;
  return <><h1 className="visually-hidden">{t('brand')}</h1>{block}</>;
}
