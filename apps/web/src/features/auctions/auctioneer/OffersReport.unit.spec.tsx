// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { OfferReportRow } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import { lotMachine } from '../../../machines/lot.machine.js';
import { lotView } from '../../../machines/test-fixtures.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import type { LotActor } from '../live/use-auction-live.js';
import { OffersReport } from './OffersReport.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('fr'); });
afterEach(cleanup);

const rows: OfferReportRow[] = [
  { idOffer: 'o1', idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', offer: 10000, username: 'dealer1', createdAt: '2030-01-15T09:00:00.000Z', clickAndBuy: false },
  { idOffer: 'o2', idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', offer: 10500, username: 'dealer2', createdAt: '2030-01-15T09:00:05.000Z', clickAndBuy: false },
];

describe('the offers report table (#21 item 19)', () => {
  it('a losing offer of an awarded lot is not "Adjugé"; the winning one is', async () => {
    const lot = lotView({ idLot: 'l1', status: 'AWA', awardStatus: 'AWA', bestOffer: 10500, bestOfferId: 'o2', idOfferAwarded: 'o2' });
    const actor = createActor(lotMachine, { input: { lot, viewer: 'auctioneer' } });
    actor.start();
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={{ api: { reportUrl: () => '#' } } as unknown as Services}>
          <OffersReport idAuction="a1" idMarket="IT" rows={rows} lotActors={[actor as unknown as LotActor]} onRefresh={() => undefined} />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
    const status = (idOffer: string) => screen.getByTestId(`offer-${idOffer}`).querySelector('[data-award-status]')?.textContent?.trim();
    expect(status('o1')).toBe('Non adjugé (surenchéri)');
    expect(status('o2')).toBe('Adjugé');
  });
});
