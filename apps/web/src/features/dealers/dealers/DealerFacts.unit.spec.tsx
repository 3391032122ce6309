// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import type { AdminDealerDetail } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import { DealerFacts, type CodeLabel } from './DealerFacts.js';

afterEach(cleanup);

const dealer = (over: Partial<AdminDealerDetail> = {}): AdminDealerDetail => ({
  idDealer: 'D-1', sincom: 'D-1', status: 'ENABLED', flgEnabled: true, idMarket: 'IT', country: 'IT', region: 'RM',
  businessName: 'Autosalone Roma', vatCode: '00743110157', address: 'Via Roma 1', city: 'Roma', postalCode: '00100', email: 'a@b.it',
  username: 'ref@b.it', createdAt: '2026-01-02T10:00:00.000Z', flgIam: false, capabilities: { auctioneer: false, exhibitor: false, multiAuctioneer: false },
  phone: null, mobile: '+39 333 1234567', website: null, regon: null, typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100', buyingInterest: 'CARS',
  language: 'it', referenceName: 'Mario', referenceSurname: 'Rossi', referenceEmail: 'ref@b.it', referenceFCA: null,
  consents: { consent1: true, consent2: false, consent3: true }, documents: [], users: [],
  ...over,
} as AdminDealerDetail);

const tables: Record<string, Record<string, string>> = {
  COUNTRY_AREA: { RM: 'Roma' }, DEALER_ACTIVITY: { DEALER: 'Concessionario' }, CAR_SOLD: { FROM_50_TO_100: 'Da 50 a 100' }, BUYING_INTEREST: { CARS: 'Auto' },
};
const label: CodeLabel = (group, code) => tables[group]?.[code] ?? null;

async function show(d: AdminDealerDetail, language: 'it' | 'en' = 'it') {
  const i18n = await createI18n(language);
  render(<I18nextProvider i18n={i18n}><DealerFacts dealer={d} label={label} /></I18nextProvider>);
  return (key: string) => screen.getByTestId(`dealer-${key}`).textContent;
}

describe('the dealer card (#21 item 20)', () => {
  it('names the country, the market and the region instead of "IT / IT" and "RM"', async () => {
    const fact = await show(dealer());
    expect(fact('country')).toBe('Italia');
    expect(fact('market')).toBe('Italia');
    expect(fact('region')).toBe('Roma (RM)');
  });
  it('shows the activity answers and the reference user\'s consents of the sign-up', async () => {
    const fact = await show(dealer(), 'en');
    expect(fact('typeDealerActivity')).toBe('Concessionario');
    expect(fact('carSold')).toBe('Da 50 a 100');
    expect(fact('buyingInterest')).toBe('Auto');
    expect([fact('consent1'), fact('consent2'), fact('consent3')]).toEqual(['I agree', 'I do not agree', 'I agree']);
  });
  it('shows a code it cannot name as the code, and a dash for what is missing', async () => {
    const fact = await show(dealer({ region: 'ZZ', typeDealerActivity: null, consents: null }));
    expect(fact('region')).toBe('ZZ');
    expect(fact('typeDealerActivity')).toBe('—');
    expect(fact('consent1')).toBe('—');
  });
  it('shows REGON to Polish dealers only (or where one was stored)', async () => {
    await show(dealer());
    expect(screen.queryByTestId('dealer-regon')).toBeNull();
    cleanup();
    await show(dealer({ country: 'EN', idMarket: 'EN' }));
    expect(screen.queryByTestId('dealer-regon')).toBeNull();
    cleanup();
    const fact = await show(dealer({ country: 'PL', idMarket: 'PL', regon: '012345678' }));
    expect(fact('regon')).toBe('012345678');
  });
});
