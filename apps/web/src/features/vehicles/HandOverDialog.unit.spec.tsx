// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Http } from '../../api/http.js';
import { createI18n } from '../../i18n/i18n.js';
import type { Services } from '../../services.js';
import { Dialogs } from '../../ui/dialogs.js';
import { ServicesContext } from '../../ui/services-context.js';
import { Spinner } from '../../ui/spinner.js';
import { HandOverDialog, type HandOver } from './HandOverDialog.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.useRealTimers(); });

const USERS = ['anna', 'auctioneer', 'bruno'].map((u) => ({ idUser: u, username: u, idDealer: 'D-AUCT', idMarket: 'IT' }));

/** A stand-in for the network (named as such): answers the users whose name holds `username`, records each URL asked. */
function fakeNetwork() {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    asked.push(u);
    const name = u.searchParams.get('username') ?? '';
    const found = USERS.filter((x) => x.username.includes(name));
    const limit = Number(u.searchParams.get('limit'));
    return new Response(JSON.stringify({ items: found.slice(0, limit), total: found.length, limit, offset: 0 }), { status: 200 });
  });
  return asked;
}

function show(action: HandOver) {
  const dialogs = new Dialogs();
  const http = new Http({ spinner: new Spinner(), dialogs, onUnauthorized: () => undefined, onLoggedOut: () => undefined });
  const closed: (string | null)[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ http, dialogs } as unknown as Services}>
        <HandOverDialog action={action} plate="GD109LS" provenance="LEASYS-IT" onClose={(id) => closed.push(id)} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return closed;
}

describe('HandOverDialog: the user a hand-over goes to, picked among those the server offers', () => {
  it('asks the server for the action\'s users (sendToSup: of the provenance), refuses to send with none chosen, sends the one picked', async () => {
    const asked = fakeNetwork();
    const closed = show('sendToSup');
    await screen.findByTestId('hand-over-user-auctioneer');
    expect(asked[0]!.pathname).toBe('/api/v1/secure/vehicle-handover-users');
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({ action: 'sendToSup', provenance: 'LEASYS-IT', limit: '20', offset: '0' });
    fireEvent.click(screen.getByTestId('hand-over-send'));
    expect(screen.getByRole('alert').textContent).toBe('Choose the user to send to.');
    expect(closed).toEqual([]);
    fireEvent.click(screen.getByTestId('hand-over-user-auctioneer'));
    fireEvent.click(screen.getByTestId('hand-over-send'));
    expect(closed).toEqual(['auctioneer']);
  });

  it('narrows the list by the name typed (asked of the server), and a multi-auctioneer hand-over names no provenance', async () => {
    const asked = fakeNetwork();
    show('sendToMultiAuctioneer');
    await screen.findByTestId('hand-over-user-anna');
    expect(asked[0]!.searchParams.has('provenance')).toBe(false);
    fireEvent.change(screen.getByTestId('hand-over-search'), { target: { value: 'bru' } });
    await act(() => new Promise((r) => setTimeout(r, 400)));
    await screen.findByTestId('hand-over-user-bruno');
    expect(screen.queryByTestId('hand-over-user-anna')).toBeNull();
    expect(asked.at(-1)!.searchParams.get('username')).toBe('bru');
  });
});
