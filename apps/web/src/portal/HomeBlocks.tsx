import type { PortalData } from './portal-data.js';
import { useT } from './texts.js';

/** The company block (spec 01 §2 home; also the `company` page). */
export function CompanyBlock() {
  const t = useT();
  return (
    <section id="company" className="portal-block" aria-labelledby="company-title">
      <h2 id="company-title">{t('company.title')}</h2>
      <p>{t('company.text')}</p>
      <p>{t('company.text2')}</p>
    </section>
  );
}

const WHY_ITEMS = ['stock', 'live', 'showcase'] as const;

/** The benefit icons: the DE market has its own set (spec 01 §2, chosen by the session market). Inline SVG: no request. */
function WhyIcon({ item, de }: { readonly item: (typeof WHY_ITEMS)[number]; readonly de: boolean }) {
  const paths: Record<string, string> = de
    ? { stock: 'M4 17h16l-2-6H6zm2 0v2m12-2v2M7 11l2-4h6l2 4', live: 'M12 3v18M3 12h18', showcase: 'M5 12l4 4L19 6' }
    : { stock: 'M3 16h18l-3-7H6zm3 0a2 2 0 1 0 0 .1m12-.1a2 2 0 1 0 0 .1', live: 'M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0m8-4v4l3 2', showcase: 'M4 7h16v12H4zm4-3h8v3' };
  return (
    <svg className={`why-icon${de ? ' why-icon-de' : ''}`} viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" data-icon-set={de ? 'de' : 'default'}>
      <path d={paths[item]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Why sign up (spec 01 §2): three benefits with their images and a sign-up button to /registration. */
export function WhySignUpBlock({ data }: { readonly data: PortalData }) {
  const t = useT();
  return (
    <section id="why-sign-up" className="portal-block portal-why" aria-labelledby="why-title">
      <h2 id="why-title">{t('why.title')}</h2>
      <p>{t('why.intro')}</p>
      <ul className="why-items">
        {WHY_ITEMS.map((item) => (
          <li key={item}>
            <WhyIcon item={item} de={data.market === 'DE'} />
            <h3>{t(`why.items.${item}.title`)}</h3>
            <p>{t(`why.items.${item}.text`)}</p>
          </li>
        ))}
      </ul>
      <a className="portal-button" href="/registration" data-testid="why-sign-up-button">{t('why.signUp')}</a>
    </section>
  );
}

/** Contacts (spec 01 §2 home; also the `contact` page). */
export function ContactBlock({ data }: { readonly data: PortalData }) {
  const t = useT();
  return (
    <section id="contacts" className="portal-block" aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t('contact.title')}</h2>
      <p>{t('contact.text')}</p>
      <dl className="portal-contacts">
        <dt>{t('contact.mail')}</dt><dd><a href={`mailto:${data.contactMail}`}>{data.contactMail}</a></dd>
        <dt>{t('contact.phone')}</dt><dd><a href={`tel:${data.contactPhone.replace(/\s/g, '')}`}>{data.contactPhone}</a></dd>
      </dl>
    </section>
  );
}

/** The private-customer leasing promotion (spec 01 §2): every country but DE; DE has its variant, linking under its country code. */
export function LeasingBlock({ data }: { readonly data: PortalData }) {
  const t = useT();
  const de = data.market === 'DE';
  return (
    <section className={`portal-block portal-leasing${de ? ' portal-leasing-de' : ''}`} aria-labelledby="leasing-title" data-testid="leasing">
      <h2 id="leasing-title">{t(de ? 'leasing.titleDe' : 'leasing.title')}</h2>
      <p>{t(de ? 'leasing.textDe' : 'leasing.text')}</p>
      <a className="portal-button secondary" href={data.leasingUrl} rel="noopener" data-testid="leasing-link">{t(de ? 'leasing.ctaDe' : 'leasing.cta')}</a>
    </section>
  );
}

/** The mobile app-store links (spec 01 §2: DE only). */
export function AppLinks({ data, compact = false }: { readonly data: PortalData; readonly compact?: boolean }) {
  const t = useT();
  if (!data.appLinks) return null;
  const links = (
    <p className="portal-apps">
      <a className="portal-store" href={data.appLinks.appStore} rel="noopener" data-testid="app-store">{t('apps.appStore')}</a>
      <a className="portal-store" href={data.appLinks.googlePlay} rel="noopener" data-testid="google-play">{t('apps.googlePlay')}</a>
    </p>
  );
  if (compact) return <div>{links}</div>;
  return (
    <section className="portal-block" aria-labelledby="apps-title" data-testid="app-links">
      <h2 id="apps-title">{t('apps.title')}</h2>
      <p>{t('apps.text')}</p>
      {links}
    </section>
  );
}
