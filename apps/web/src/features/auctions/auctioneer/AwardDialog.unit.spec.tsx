// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { LotView, OfferReportRow } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { AwardDialog } from './AwardDialog.js';

// The browser's clock is not the market's: New York while the auction is Italian.
process.env.TZ = 'America/New_York';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const lot = { idAuction: 'a1', idLot: 'l1', licensePlate: 'GA123BC', reservePrice: null } as LotView;
const offers: OfferReportRow[] = [{ idOffer: 'o1', idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', offer: 9700, username: 'dealer2', createdAt: '2030-01-15T09:00:05.000Z', clickAndBuy: false }];

describe('the award dialog\'s times (#21 item 19)', () => {
  it('are on the auction market\'s clock, named, as in the offers report beside it', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={{ api: {}, dialogs: {} } as unknown as Services}>
          <AwardDialog lot={lot} idMarket="IT" offers={offers} onClose={() => undefined} />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('award-dialog').textContent).toContain('15/01/2030 10:00:05');
    expect(screen.getByTestId('award-zone').textContent).toBe('times in Europe/Rome');
  });
});
