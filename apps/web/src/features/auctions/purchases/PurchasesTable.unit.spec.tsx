// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { createStore } from '../../../ui/store.js';
import { PurchasesTable } from './PurchasesTable.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const base = { idVehicle: null, brand: 'Fiat', model: 'Panda', price: 1000, date: '2030-01-15T10:00:00.000Z', frame: null } as const;
const lot = (idLot: string, idAuction: string, rating: number | null): PurchaseRow => ({
  ...base, idAuction, idLot, licensePlate: `P${idLot}`, channel: 'AUCTION', auctionName: `Auction ${idAuction}`, rating, idFeedback: rating ? `F-${idAuction}` : null,
});
const vehicle: PurchaseRow = { ...base, idAuction: null, idLot: null, idVehicle: 'V-1', licensePlate: 'GS400RT', channel: 'SHOWCASE', auctionName: null, rating: null, idFeedback: null };

function show(rows: PurchaseRow[]) {
  const api = { feedback: vi.fn(async () => ({ idFeedback: 'F-new' })) };
  const showcase = { feedback: vi.fn(async () => ({ idFeedback: 'F-v' })) };
  const services = {
    api, showcase, i18n, clock: { isSynced: true, now: () => Date.now() },
    session: createStore({ idUser: 'dealer1', idMarket: 'IT', roles: ['BUYER'], username: 'dealer1' }),
  } as unknown as Services;
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <PurchasesTable rows={rows} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return { api, showcase };
}

describe('the rating of a purchase in the purchases list', () => {
  it('shows a purchase rated before as rated; its dialog opens with the stars given and the vote disabled', () => {
    show([lot('l1', 'a1', 4)]);
    const button = screen.getByTestId('rate-l1');
    expect(button.textContent).toBe('Rated 4/5 Auction a1');
    fireEvent.click(button);
    const dialog = screen.getByTestId('rating-dialog');
    expect((within(dialog).getByTestId('vote') as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('rating-4') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('rating-given').textContent).toBe('Your rating: 4/5 stars.');
  });

  it('rates an auction once for all the lots won there, through the auction\'s feedback call', async () => {
    const { api, showcase } = show([lot('l1', 'a1', null), lot('l2', 'a1', null), lot('l3', 'a2', null)]);
    expect(screen.getByTestId('rate-l1').textContent).toBe('Rate Auction a1');
    fireEvent.click(screen.getByTestId('rate-l2'));
    const vote = screen.getByTestId('vote') as HTMLButtonElement;
    expect(vote.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('rating-5'));
    await act(async () => { fireEvent.click(vote); });
    expect(api.feedback).toHaveBeenCalledExactlyOnceWith('a1', 5);
    expect(showcase.feedback).not.toHaveBeenCalled();
    expect(vote.disabled).toBe(true);
    expect(screen.getByTestId('rating-voted').textContent).toContain('Thank you');
    expect([screen.getByTestId('rate-l1'), screen.getByTestId('rate-l2')].map((b) => b.getAttribute('data-rated'))).toEqual(['5', '5']);
    expect(screen.getByTestId('rate-l3').getAttribute('data-rated')).toBeNull();
  });

  it('rates a showcase purchase through the showcase\'s feedback call', async () => {
    const { api, showcase } = show([vehicle]);
    fireEvent.click(screen.getByTestId('rate-V-1'));
    fireEvent.click(screen.getByTestId('rating-3'));
    await act(async () => { fireEvent.click(screen.getByTestId('vote')); });
    expect(showcase.feedback).toHaveBeenCalledExactlyOnceWith('V-1', 3);
    expect(api.feedback).not.toHaveBeenCalled();
    expect(screen.getByTestId('rate-V-1').textContent).toContain('Rated 3/5');
  });
});
