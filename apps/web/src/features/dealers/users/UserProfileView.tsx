import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@auction/contracts';
import { formatDate } from '@auction/i18n';
import '../shell/shell.css';

/**
 * `user-profile`: the logged user's own account as the API answers it (GET /api/v1/secure/user), read only here; the
 * password is changed on its own page. Staff also see their markets and the read-only flag.
 */
export function UserProfileView({ user }: { user: UserDetails }) {
  const { t } = useTranslation('people');
  const p = user.personal;
  const dash = t('profile.notSet');
  const row = (label: string, value: string | null | undefined, testId: string) => (
    <><dt>{label}</dt><dd data-testid={testId}>{value ? value : dash}</dd></>
  );
  return (
    <section aria-labelledby="profile-title" data-testid="user-profile">
      <div className="page-head">
        <h1 id="profile-title">{t('profile.title')}</h1>
        <Link to="/change-password" className="btn" data-testid="profile-change-password">{t('profile.changePassword')}</Link>
      </div>
      <div className="bo-sections">
        <section className="card" aria-labelledby="profile-account">
          <h2 id="profile-account">{t('profile.account')}</h2>
          <dl className="bo-dl">
            {row(t('edit.username'), user.username, 'profile-username')}
            {row(t('edit.idUser'), user.idUser, 'profile-idUser')}
            {row(t('edit.idDealer'), user.idDealer, 'profile-idDealer')}
            {row(t('edit.market'), user.idMarket, 'profile-idMarket')}
            {row(t('edit.language'), user.preferredLanguage, 'profile-language')}
            {row(t('profile.roles'), user.roles.map((r) => t(`roles.${r}`)).join(', '), 'profile-roles')}
            {user.adminEnabledMarket.length > 0 && row(t('profile.markets'), user.adminEnabledMarket.join(', '), 'profile-markets')}
            {row(t('profile.readOnly'), user.readOnly ? t('profile.yes') : t('profile.no'), 'profile-readOnly')}
          </dl>
        </section>
        <section className="card" aria-labelledby="profile-personal">
          <h2 id="profile-personal">{t('profile.personal')}</h2>
          <dl className="bo-dl">
            {row(t('edit.name'), p.name, 'profile-name')}
            {row(t('edit.surname'), p.surname, 'profile-surname')}
            {row(t('edit.email'), p.email, 'profile-email')}
            {row(t('edit.phone'), p.phone, 'profile-phone')}
            {row(t('edit.mobile'), p.mobile, 'profile-mobile')}
            {row(t('edit.fiscalCode'), p.fiscalCode, 'profile-fiscalCode')}
            {row(t('edit.birthDate'), p.birthDate ? formatDate(new Date(`${p.birthDate}T00:00:00`)) : null, 'profile-birthDate')}
          </dl>
        </section>
        <section className="card" aria-labelledby="profile-consents">
          <h2 id="profile-consents">{t('profile.consents')}</h2>
          <dl className="bo-dl">
            {([1, 2, 3] as const).map((n) => (
              <Fragment key={n}>
                {row(t('profile.consent', { n }), user[`consent${n}`] ? t('profile.given') : t('profile.notGiven'), `profile-consent${n}`)}
              </Fragment>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}
