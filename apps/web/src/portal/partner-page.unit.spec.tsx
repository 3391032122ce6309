// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { PartnerPage } from './Pages.js';
import type { PortalData, PortalPartner } from './portal-data.js';
import { TextsContext, translator } from './texts.js';

afterEach(cleanup);

const partner = (n: number): PortalPartner => ({
  idTemplate: `TPL-${n}`, auctionName: `Partner ${n}`, largeLogo: null, smallLogo: null, description: null,
  commercialInfoPhone: null, commercialInfoEmail: null, vatCode: null, auctioneerRating: 3, numFeedback: 1,
});

describe('the partner page by keyboard (issue 23 review)', () => {
  it('a partner chosen in the carousel takes the focus to its name at the top, where the page scrolled', () => {
    window.scrollTo = vi.fn() as never;
    const data = { page: 'partner', idTemplate: 'TPL-1', partners: [partner(1), partner(2), partner(3)] } as unknown as PortalData;
    render(<TextsContext.Provider value={translator(resources.en.portal, 'en')}><PartnerPage data={data} /></TextsContext.Provider>);
    const card = screen.getByRole('link', { name: 'Partner 2' });
    card.focus();
    fireEvent.click(card);
    expect(screen.getByTestId('partner-page').dataset.partner).toBe('TPL-2');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Partner 2' }));
  });

  it('says the rating as the spec writes numbers: a decimal comma in every language', () => {
    const rated = { ...partner(1), auctioneerRating: 4.5, numFeedback: 1234 };
    const data = { page: 'partner', idTemplate: 'TPL-1', partners: [rated] } as unknown as PortalData;
    for (const [language, rating, votes] of [['en', 'Rated 4,5 out of 5', "1'234 votes"], ['it', 'Valutazione 4,5 su 5', "1'234 voti"]] as const) {
      render(<TextsContext.Provider value={translator(resources[language].portal, language)}><PartnerPage data={data} /></TextsContext.Provider>);
      expect(screen.getByRole('img', { name: rating })).toBeTruthy();
      expect(screen.getByTestId('votes').textContent).toBe(votes);
      cleanup();
    }
  });
});
