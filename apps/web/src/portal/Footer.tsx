import type { PortalData } from './portal-data.js';
import { AppLinks } from './HomeBlocks.js';
import { useT } from './texts.js';

/** The public footer (spec 01 §2): contact mail and phone, app-store links (DE), company, register, partners, cookie settings, privacy. */
export function Footer({ data }: { readonly data: PortalData }) {
  const t = useT();
  const home = `/${data.market.toLowerCase()}`;
  return (
    <footer className="portal-footer">
      <div className="portal-footer-grid">
        <div>
          <h2 className="portal-footer-title">{t('footer.contact')}</h2>
          <p><a href={`mailto:${data.contactMail}`}>{data.contactMail}</a></p>
          <p><a href={`tel:${data.contactPhone.replace(/\s/g, '')}`}>{data.contactPhone}</a></p>
        </div>
        <nav aria-label={t('footer.contact')}>
          <ul className="portal-footer-links">
            <li><a href={`${home}#company`}>{t('header.company')}</a></li>
            <li><a href={`${home}#why-sign-up`}>{t('header.register')}</a></li>
            {data.showPartners && <li><a href="/partner">{t('header.partners')}</a></li>}
            <li><a href="/cookie" data-testid="cookie-settings">{t('footer.cookieSettings')}</a></li>
            <li><a href="/privacy" data-testid="privacy-link">{t('footer.privacy')}</a></li>
          </ul>
        </nav>
        {data.appLinks && <AppLinks data={data} compact />}
      </div>
      <p className="portal-copyright">© {t('brand')}. {t('footer.rights')}</p>
    </footer>
  );
}
