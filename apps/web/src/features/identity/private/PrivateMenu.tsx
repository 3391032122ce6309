import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../ui/services-context.js';
import './private.css';

/** The private information pages, in the menu's order: route and i18n key (`privatePages:menu.{key}`). */
export const PRIVATE_PAGES = [
  { to: '/support', key: 'support' },
  { to: '/booklet', key: 'booklet' },
  { to: '/my-leasys', key: 'myLeasys' },
  { to: '/private-contact', key: 'contact' },
  { to: '/private-privacy', key: 'privacy' },
  { to: '/private-cookie', key: 'cookie' },
] as const;

/** The logged user's help and information menu, at the foot of every page (none for a visitor). */
export function PrivateMenu() {
  const { t } = useTranslation('privatePages');
  const profile = useProfile();
  if (!profile) return null;
  return (
    <footer className="private-footer">
      <nav aria-label={t('menu.label')} data-testid="private-menu">
        <ul>
          {PRIVATE_PAGES.map((p) => (
            <li key={p.to}>
              <Link to={p.to} activeProps={{ 'aria-current': 'page' }} data-testid={`private-nav-${p.key}`}>{t(`menu.${p.key}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
