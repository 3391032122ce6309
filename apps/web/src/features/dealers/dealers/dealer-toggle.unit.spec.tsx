// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES, type Language } from '@auction/i18n';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { createStore } from '../../../ui/store.js';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, ...props }: { children: unknown }) => <a {...(props as object)}>{children as never}</a>,
  useNavigate: () => () => undefined,
}));
const { DealerDetail } = await import('./DealerDetail.js');

afterEach(cleanup);

const plain = { idUser: 'dealer50', username: 'dealer50', roles: ['USER', 'BUYER'], flgEnabled: true, reference: true, name: null, surname: null };
const manager = { idUser: 'multiauctioneer', username: 'multiauctioneer', roles: ['USER', 'MULTI_AUCTIONEER'], flgEnabled: true, reference: false, name: null, surname: null };
const dealerWith = (users: unknown[]) => ({
  idDealer: 'D-AUCT', sincom: 'D-AUCT', status: 'ENABLED', flgEnabled: true, idMarket: 'IT', country: 'IT', region: 'MI', businessName: 'Demo Auctions House',
  vatCode: null, address: null, city: null, postalCode: null, email: null, username: null, idReferenceUser: 'dealer50', flgIam: false,
  capabilities: { auctioneer: true, exhibitor: false, multiAuctioneer: false }, createdAt: '2026-01-01T00:00:00Z',
  phone: null, mobile: null, website: null, regon: null, typeDealerActivity: null, carSold: null, buyingInterest: null, language: 'it',
  referenceName: null, referenceSurname: null, referenceEmail: null, referenceFCA: null, documents: [], users,
});

async function show(roles: string[], users: unknown[], language: Language = 'en') {
  const i18n = await createI18n(language);
  const http = { get: async (url: string) => (url.endsWith('/audit') ? { items: [], total: 0, limit: 20, offset: 0 } : dealerWith(users)) };
  const services = { session: createStore({ idUser: 'me', roles, username: 'me', idDealer: null, idMarket: 'IT', preferredLanguage: language }), http, dialogs: {} } as unknown as Services;
  render(<I18nextProvider i18n={i18n}><ServicesContext.Provider value={services}><DealerDetail idDealer="D-AUCT" /></ServicesContext.Provider></I18nextProvider>);
  return { button: (await screen.findByTestId('dealer-toggle')) as HTMLButtonElement, i18n };
}

describe('the dealer card\'s enable/disable for the customer centre (staff protection, #21 item 3: the API answers 403041)', () => {
  it.each(LANGUAGES.map((l) => [l]))('is disabled, with the reason, on a dealer with an auction manager, in %s', async (language) => {
    const { button, i18n } = await show(['USER', 'CUSTOMER_CENTER'], [plain, manager], language as Language);
    expect(button.disabled).toBe(true);
    const why = screen.getByTestId('dealer-toggle-why');
    expect(button.getAttribute('aria-describedby')).toBe(why.id);
    expect(why.textContent).toBe(i18n.getFixedT(null, 'dealers')('detail.toggleBlocked.protectedUsers'));
    expect(why.textContent).not.toMatch(/toggleBlocked/);
  });

  it('stays usable for the customer centre on a dealer of plain users, and for an ADMIN on any dealer', async () => {
    expect((await show(['USER', 'CUSTOMER_CENTER'], [plain])).button.disabled).toBe(false);
    expect(screen.queryByTestId('dealer-toggle-why')).toBeNull();
    cleanup();
    expect((await show(['USER', 'ADMIN'], [plain, manager])).button.disabled).toBe(false);
    expect(screen.queryByTestId('dealer-toggle-why')).toBeNull();
  });
});
