import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_CENTRE_EMAIL } from '../access/MaintenancePage.js';
import { useProfile } from '../../../ui/services-context.js';
import { ChangePartitionDialog, InformativeDialog } from './PrivateDialogs.js';
import { leasingSiteUrl, type InformativeCode } from './private-links.js';
import './private.css';

/** One private information page: a card with its heading (`{name}-title`) and test id `{name}-page`. */
function PrivatePage({ name, title, children }: { readonly name: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="private-page" aria-labelledby={`${name}-title`} data-testid={`${name}-page`}>
      <div className="card">
        <h1 id={`${name}-title`}>{title}</h1>
        {children}
      </div>
    </section>
  );
}

function CentreMail({ label }: { readonly label: string }) {
  return (
    <p>
      {label}{' '}
      <a className="inline-link" href={`mailto:${CUSTOMER_CENTRE_EMAIL}`} data-testid="centre-mail">{CUSTOMER_CENTRE_EMAIL}</a>
    </p>
  );
}

/** `support`: how to reach customer service, and the booklet. */
export function SupportPage() {
  const { t } = useTranslation('privatePages');
  return (
    <PrivatePage name="support" title={t('support.title')}>
      <p>{t('support.text')}</p>
      <CentreMail label={t('support.mail')} />
      <p><Link to="/booklet" className="inline-link" data-testid="support-booklet">{t('support.booklet')}</Link></p>
    </PrivatePage>
  );
}

/** `booklet`: the dealer's short guide to auctions, showcase and purchases. */
export function BookletPage() {
  const { t } = useTranslation('privatePages');
  return (
    <PrivatePage name="booklet" title={t('booklet.title')}>
      <p>{t('booklet.intro')}</p>
      {(['auctions', 'showcase', 'purchases'] as const).map((part) => (
        <section key={part} aria-labelledby={`booklet-${part}`}>
          <h2 id={`booklet-${part}`}>{t(`booklet.${part}Title`)}</h2>
          <p>{t(`booklet.${part}Text`)}</p>
        </section>
      ))}
    </PrivatePage>
  );
}

/** `my-leasys`: the leasing site of the user's market (under its lower-cased country code). */
export function MyLeasysPage() {
  const { t } = useTranslation('privatePages');
  const profile = useProfile();
  return (
    <PrivatePage name="my-leasys" title={t('myLeasys.title')}>
      <p>{t('myLeasys.text')}</p>
      <p>
        <a className="btn btn-primary" href={leasingSiteUrl(profile?.idMarket)} target="_blank" rel="noopener noreferrer" data-testid="my-leasys-link">
          {t('myLeasys.link')} <span className="visually-hidden">{t('myLeasys.newTab')}</span>
        </a>
      </p>
    </PrivatePage>
  );
}

/** `private-contact`: customer service, and the change-partition dialog. */
export function PrivateContactPage() {
  const { t } = useTranslation('privatePages');
  const [partition, setPartition] = useState(false);
  return (
    <PrivatePage name="private-contact" title={t('contact.title')}>
      <p>{t('contact.text')}</p>
      <CentreMail label={t('contact.mail')} />
      <p>
        <button type="button" className="btn" onClick={() => setPartition(true)} data-testid="open-partition">{t('contact.partition')}</button>
      </p>
      {partition && <ChangePartitionDialog onClose={() => setPartition(false)} />}
    </PrivatePage>
  );
}

/** `private-privacy`: the privacy policy and the terms (the informative dialog, codes "1" and "2"), and the consents. */
export function PrivatePrivacyPage() {
  const { t } = useTranslation('privatePages');
  const [open, setOpen] = useState<InformativeCode | null>(null);
  return (
    <PrivatePage name="private-privacy" title={t('privacy.title')}>
      <p>{t('privacy.text')}</p>
      <div className="private-actions">
        <button type="button" className="btn" onClick={() => setOpen('1')} data-testid="open-informative-1">{t('privacy.openPrivacy')}</button>
        <button type="button" className="btn" onClick={() => setOpen('2')} data-testid="open-informative-2">{t('privacy.openTerms')}</button>
        <Link to="/private/privacy" className="btn" data-testid="private-consents">{t('privacy.consents')}</Link>
      </div>
      {open && <InformativeDialog code={open} onClose={() => setOpen(null)} />}
    </PrivatePage>
  );
}

/** `private-cookie`: the cookie page of the private area (spec 01 §2: a title and a text box). */
export function PrivateCookiePage() {
  const { t } = useTranslation('privatePages');
  return (
    <PrivatePage name="private-cookie" title={t('cookie.title')}>
      <p>{t('cookie.text')}</p>
      <label className="field" htmlFor="cookie-notes">{t('cookie.notes')}</label>
      <textarea id="cookie-notes" className="cookie-notes" rows={3} data-testid="private-cookie-text" />
    </PrivatePage>
  );
}
