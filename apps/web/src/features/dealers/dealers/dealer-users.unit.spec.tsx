// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES, type Language } from '@auction/i18n';
import { createI18n } from '../../../i18n/i18n.js';
import { auditDetails } from './AuditTrail.js';
import { roleNames } from '../users/role-names.js';

// The card's links need no router here: an anchor stands in for them.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, ...props }: { children: unknown }) => <a {...(props as object)}>{children as never}</a>,
  useNavigate: () => () => undefined,
}));
const { DealerUsers } = await import('./DealerDetail.js');

afterEach(cleanup);

const users = [{ idUser: 'u-1', username: 'ref@example.test', roles: ['USER', 'ADMIN', 'BUYER'], flgEnabled: true, reference: true, name: null, surname: null }];

describe('the dealer card\'s users table (issue 21 item 21: role codes shown as codes)', () => {
  it.each(LANGUAGES.map((l) => [l]))('shows the permissions by their names in %s, never as codes', async (language) => {
    const i18n = await createI18n(language as Language);
    render(<I18nextProvider i18n={i18n}><DealerUsers users={users} /></I18nextProvider>);
    const cell = screen.getByTestId('dealer-user-u-1').querySelectorAll('td')[2]!;
    const t = i18n.getFixedT(null, 'people');
    expect(cell.textContent).toBe(['USER', 'ADMIN', 'BUYER'].map((r) => t(`roles.${r}`)).join(', '));
    expect(cell.textContent).not.toMatch(/\b(USER|ADMIN|BUYER)\b/);
  });

  it('the audit trail names roles too; an unknown code stays as it is', async () => {
    const i18n = await createI18n('it');
    const t = i18n.getFixedT(null, 'dealers');
    expect(auditDetails({ idUser: 'u-1', roles: ['USER', 'ADMIN', 'NEW_ROLE'] }, (codes) => roleNames(t as never, codes)))
      .toBe('idUser: u-1; roles: Utente, Amministratore, NEW_ROLE');
  });
});
