import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { backOfficeAreas } from '../features/dealers/shell/back-office-menu.js';
import { opensVehicleArea } from '../features/vehicles/vehicle-powers.js';
import { InviteColleague } from '../features/identity/invitations/InviteColleague.js';
import { SSO_LOGOUT_URL } from '../session/sso.js';
import { ConnectionBadge } from './ConnectionBadge.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { useProfile, useServices } from './services-context.js';

/**
 * Top bar: product name, the menu of the user's role (for ADMIN / CUSTOMER_CENTER the back-office areas as well),
 * live state, language, the user's own profile and logout.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('people');
  const profile = useProfile();
  const services = useServices();
  const roles = profile?.roles ?? [];
  const buyer = roles.includes('BUYER');
  const manager = roles.some((r) => r === 'AUCTIONEER' || r === 'MULTI_AUCTIONEER' || r === 'ADMIN');
  const exhibitor = roles.some((r) => r === 'EXHIBITOR' || r === 'ADMIN');
  const loader = roles.includes('LOADER');
  const backOffice = backOfficeAreas(roles);
  // Auctioneers manage their dealer's templates from the main menu; staff reach them through the back-office menu.
  const sellsThroughTemplates = roles.some((r) => r === 'AUCTIONEER' || r === 'MULTI_AUCTIONEER') && backOffice.length === 0;
  // Staff reach the vehicles through the back-office menu; loaders and auctioneers through the main one.
  const vehicles = opensVehicleArea(roles) && backOffice.length === 0;
  // Ends the portal's session, then the issuer's (RP-initiated logout: a navigation through the API, API.md).
  const logout = async () => {
    await services.api.logout().catch(() => undefined);
    services.endSession();
    window.location.assign(SSO_LOGOUT_URL);
  };
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">{t('nav.skipToContent')}</a>
      <Link to="/" className="brand">{t('appName')}</Link>
      {profile && (
        <nav aria-label={t('nav.mainMenu')} className="main-nav">
          {buyer && <Link to="/private" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }} data-testid="nav-home">{t('privatePages:home.nav')}</Link>}
          {buyer && <Link to="/live" activeProps={{ 'aria-current': 'page' }}>{t('nav.auctions')}</Link>}
          {buyer && <Link to="/observed" activeProps={{ 'aria-current': 'page' }}>{t('nav.observed')}</Link>}
          {buyer && <Link to="/my-bids" activeProps={{ 'aria-current': 'page' }}>{t('auction:dealer.navMyBids')}</Link>}
          {buyer && <Link to="/purchase-summary" activeProps={{ 'aria-current': 'page' }}>{t('nav.purchases')}</Link>}
          {manager && <Link to="/auction-management" activeProps={{ 'aria-current': 'page' }}>{t('nav.management')}</Link>}
          {sellsThroughTemplates && <Link to="/template" activeProps={{ 'aria-current': 'page' }} data-testid="nav-templates">{tp('menu.templates')}</Link>}
          {loader && <Link to="/upload-vehicle" activeProps={{ 'aria-current': 'page' }} data-testid="nav-upload-vehicle">{t('vehicleUpload:title')}</Link>}
          {vehicles && <Link to="/vehicle-management" activeProps={{ 'aria-current': 'page' }} data-testid="nav-vehicles">{t('vehicles:menu')}</Link>}
          {(buyer || exhibitor) && <Link to="/showcase-catalogue" activeProps={{ 'aria-current': 'page' }}>{t('nav.showcase')}</Link>}
          {buyer && <Link to="/my-lot" activeProps={{ 'aria-current': 'page' }}>{t('nav.myLot')}</Link>}
          <InviteColleague />
        </nav>
      )}
      {profile && backOffice.length > 0 && (
        <nav aria-label={tp('menu.label')} className="main-nav back-office-nav" data-testid="back-office-menu">
          <Link to="/admin" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }} data-testid="bo-admin">{tp('menu.admin')}</Link>
          {backOffice.map((a) => (
            <Link key={a.key} to={a.to} activeProps={{ 'aria-current': 'page' }} data-testid={a.testId}>{tp(`menu.${a.key}`)}</Link>
          ))}
        </nav>
      )}
      <div className="header-tools">
        <ConnectionBadge />
        <LanguageSwitch />
        {profile && (
          <>
            <Link to="/user-profile" className="user" title={tp('menu.profile')} data-testid="current-user">{profile.username}</Link>
            <button type="button" className="btn btn-ghost" onClick={() => void logout()}>{t('nav.logout')}</button>
          </>
        )}
      </div>
    </header>
  );
}
