// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { createStore } from '../../../ui/store.js';
import { CreateAuctionForm } from './CreateAuctionForm.js';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn(async () => undefined), Link: () => null }));

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const auction: AuctionView = {
  idAuction: 'A-1', auctionName: 'Fleet week 49', idMarket: 'IT', auctionType: 'OTH', status: 'SCH', startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T10:00:00.000Z', regulationRequired: false, extension: { windowSeconds: 60, extendSeconds: 60 }, idOwner: 'auctioneer', idTemplate: 'T-LEASYS',
  lots: [{
    idLot: 'L-1', idAuction: 'A-1', lotNumber: 1, licensePlate: 'GA100BC', frame: null, brand: 'Fiat', model: 'Panda', basePrice: 5000, minIncrement: 100,
    buyNowPrice: null, reservePrice: null, status: 'SCH', awardStatus: 'NONE', bestOffer: null, bestOfferId: null, offersCount: 0,
    endDate: '2026-12-01T10:00:00.000Z', nextMinimumOffer: 5000, idOfferAwarded: null, idVehicle: null, idCoverPhoto: null,
  } as unknown as AuctionView['lots'][number]],
};

/** The form editing `editing`; `editAuction` records the body sent, the template read names the current channel. */
function renderForm(editing: AuctionView) {
  const editAuction = vi.fn(async (body: { idAuction: string }) => ({ ...editing, idAuction: body.idAuction }));
  const get = vi.fn(async (path: string) => {
    if (path.endsWith('/template/T-LEASYS')) return { idTemplate: 'T-LEASYS', templateName: 'Leasys Remarketing' };
    throw Object.assign(new Error('not found'), { status: 404 });
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{
        api: { editAuction }, http: { get }, clock: { now: () => Date.parse('2026-11-25T10:00:00Z') }, dialogs: { success: vi.fn() },
        session: createStore({ idMarket: 'IT', roles: ['AUCTIONEER'], idDealer: 'D-AUCT' }),
      } as unknown as Services}>
        <CreateAuctionForm editing={editing} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return { editAuction, get };
}

describe('the auction form\'s selling channel when editing (#23 item 1)', () => {
  it('shows the auction\'s template, and "default channel (every dealer)" sends idTemplate null', async () => {
    const { editAuction } = renderForm(auction);
    await act(async () => undefined);
    expect(screen.getByTestId('template-choice-current').textContent).toBe(i18n.t('templates:choice.current', { name: 'Leasys Remarketing' }));
    expect(screen.getByTestId('template-choice-value').textContent).toContain('Leasys Remarketing');
    expect(screen.queryByTestId('template-choice-moves')).toBeNull();
    fireEvent.click(screen.getByTestId('template-choice-clear'));
    expect(screen.getByTestId('template-choice-value').textContent).toContain(i18n.t('templates:choice.default'));
    expect(screen.getByTestId('template-choice-moves')).toBeTruthy();
    await act(async () => { fireEvent.submit(screen.getByTestId('create-auction-form')); });
    expect(editAuction).toHaveBeenCalledTimes(1);
    expect(editAuction.mock.calls[0]![0]).toMatchObject({ idAuction: 'A-1', idTemplate: null, lots: [{ idLot: 'L-1' }] });
  });

  it('an untouched channel is sent as it is: the template, or null for an auction of the default channel', async () => {
    const { editAuction } = renderForm(auction);
    await act(async () => { fireEvent.submit(screen.getByTestId('create-auction-form')); });
    expect(editAuction.mock.calls[0]![0]).toMatchObject({ idTemplate: 'T-LEASYS' });
    cleanup();
    const plain = renderForm({ ...auction, idTemplate: null });
    expect(screen.getByTestId('template-choice-current').textContent).toBe(i18n.t('templates:choice.currentDefault'));
    expect(plain.get).not.toHaveBeenCalled();
    await act(async () => { fireEvent.submit(screen.getByTestId('create-auction-form')); });
    expect(plain.editAuction.mock.calls[0]![0]).toMatchObject({ idTemplate: null });
  });
});
