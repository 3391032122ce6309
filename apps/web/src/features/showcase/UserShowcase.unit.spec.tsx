// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { UserShowcasePage, UserShowcaseVehicle } from '@auction/contracts';
import { createI18n } from '../../i18n/i18n.js';
import type { Services } from '../../services.js';
import { ServicesContext } from '../../ui/services-context.js';
import { createStore } from '../../ui/store.js';
import { UserShowcase } from './UserShowcase.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const future = new Date(Date.now() + 600_000).toISOString();
const vehicle = (idVehicle: string, activity: Partial<UserShowcaseVehicle>): UserShowcaseVehicle => ({
  idVehicle, idShowcase: 'S', idMarket: 'IT', licensePlate: `P-${idVehicle}`, brand: 'Fiat', model: 'Tipo', price: 9000, state: 'AVAILABLE',
  heldByMe: false, holdUntil: null, inMyLot: false, boughtByMe: false, coverPhoto: `photo-${idVehicle}`, sheet: null, holdKind: null, soldAt: null, ...activity,
});
const page: UserShowcasePage = {
  idUser: 'dealer9', username: 'dealer9', total: 3, limit: 10, offset: 0,
  items: [
    vehicle('A', { inMyLot: true, heldByMe: true, state: 'HELD', holdUntil: future, holdKind: 'BOOKING' }),
    vehicle('B', { heldByMe: true, state: 'HELD', holdUntil: future, holdKind: 'PREEMPTION' }),
    vehicle('C', { state: 'SOLD', boughtByMe: true, soldAt: '2026-11-20T10:00:00.000Z' }),
  ],
};

function renderIt(props: Partial<Parameters<typeof UserShowcase>[0]> = {}) {
  const onRequest = vi.fn();
  const onPick = vi.fn();
  const clock = { now: () => Date.now(), offsetMs: () => 0, subscribe: () => () => undefined };
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ session: createStore(null), dialogs: {}, clock } as unknown as Services}>
        <UserShowcase idUser="dealer9" page={page} request={{ limit: 10, offset: 0, sortOrder: 'desc' }} onRequest={onRequest} onPick={onPick} {...props} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return { onRequest, onPick };
}

describe('user-showcase (#22 item 6)', () => {
  it('shows each vehicle as a card with its cover and what the user does with it: my lot, booked or pre-empted, bought', () => {
    renderIt();
    expect(screen.getByTestId('user-showcase-of').textContent).toBe('Showcase activity of dealer9');
    expect(screen.getByTestId('photo-A').getAttribute('src')).toContain('idImage=photo-A');
    expect(screen.getByTestId('activity-A').textContent).toContain('In its my lot');
    expect(screen.getByTestId('hold-kind-A').textContent).toBe('Booked');
    expect(screen.getByTestId('hold-kind-B').textContent).toBe('Pre-empted');
    expect(screen.queryByTestId('hold-kind-C')).toBeNull();
    expect(screen.getByTestId('bought-C').textContent).toMatch(/^Bought on .*20\/11\/2026.*\(Europe\/Rome\)$/);
  });

  it('asks the server for the order clicked, and for the user typed', () => {
    const { onRequest, onPick } = renderIt();
    fireEvent.click(screen.getByTestId('user-showcase-table-sort-price'));
    expect(onRequest).toHaveBeenCalledWith(expect.objectContaining({ sortField: 'price', offset: 0 }));
    fireEvent.change(screen.getByTestId('user-showcase-user'), { target: { value: ' dealer3 ' } });
    fireEvent.click(screen.getByTestId('user-showcase-show'));
    expect(onPick).toHaveBeenCalledWith('dealer3');
  });

  it('without a user, asks for one', () => {
    renderIt({ idUser: undefined, page: null });
    screen.getByTestId('user-showcase-choose');
    expect(screen.queryByTestId('user-showcase-table')).toBeNull();
  });
});
