// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { PaymentResultSearch, type PurchaseRow } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import { PaymentResultPage } from './PaymentResultPage.js';
import { PurchasePayment } from './PurchasePayment.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const row = (paymentStatus: PurchaseRow['paymentStatus']): PurchaseRow => ({
  idAuction: null, idLot: null, idVehicle: 'V-1', idPurchase: 'V-1', licensePlate: 'GS400RT', brand: 'Fiat', model: 'Tipo', price: 7000.5,
  channel: 'SHOWCASE', date: '2030-01-15T10:00:00.000Z', auctionName: null, frame: null, paymentStatus,
});

function showPayment(r: PurchaseRow, payByLink = vi.fn(async () => ({ url: 'http://portal.test/api/v1/open/demo-payments/tok' }))) {
  const open = vi.fn();
  render(<I18nextProvider i18n={i18n}><PurchasePayment row={r} subject="GS400RT Fiat Tipo" payByLink={payByLink} open={open} /></I18nextProvider>);
  return { payByLink, open };
}

describe('a purchase\'s payment in the purchases list (#23 item 7)', () => {
  it('an unpaid purchase: a badge and a Pay button that asks for the link and opens it', async () => {
    const { payByLink, open } = showPayment(row('UNPAID'));
    expect(screen.getByTestId('payment-status-V-1').textContent).toBe('Not paid');
    const button = screen.getByTestId('pay-V-1');
    expect([button.textContent, button.getAttribute('aria-label')]).toEqual(['Pay', 'Pay GS400RT Fiat Tipo']);
    await act(async () => { fireEvent.click(button); });
    expect(payByLink).toHaveBeenCalledExactlyOnceWith('V-1');
    expect(open).toHaveBeenCalledExactlyOnceWith('http://portal.test/api/v1/open/demo-payments/tok');
  });

  it('a failed payment offers Pay again; a refused link leaves the button usable; a paid one has no button', async () => {
    const refused = vi.fn(async () => { throw new Error('409420'); });
    const { open } = showPayment(row('FAILED'), refused);
    expect(screen.getByTestId('payment-status-V-1').textContent).toBe('Payment failed');
    const button = screen.getByTestId('pay-V-1') as HTMLButtonElement;
    expect(button.textContent).toBe('Pay again');
    await act(async () => { fireEvent.click(button); });
    expect([open.mock.calls.length, button.disabled]).toEqual([0, false]);
    cleanup();
    showPayment(row('PAID'));
    expect(screen.getByTestId('payment-status-V-1').textContent).toBe('Paid');
    expect(screen.queryByTestId('pay-V-1')).toBeNull();
  });
});

async function showResult(kind: 'success' | 'error', search: unknown) {
  const { esito, messaggio } = PaymentResultSearch.parse(search);
  const root = createRootRoute({ component: () => <PaymentResultPage kind={kind} esito={esito} messaggio={messaggio} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
  await screen.findByTestId(`payment-${kind}`);
}

describe('the payment result pages (spec 01: esito, messaggio)', () => {
  it('shows the outcome and the message as text, never as HTML, with a link back to the purchases', async () => {
    await showResult('error', { esito: 'KO', messaggio: '<img src=x onerror=alert(1)><b>declined</b>' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment not completed');
    expect(screen.getByTestId('payment-esito').textContent).toBe('KO');
    expect(screen.getByTestId('payment-messaggio').textContent).toBe('<img src=x onerror=alert(1)><b>declined</b>');
    expect(document.querySelector('img, b')).toBeNull();
    expect(screen.getByTestId('payment-back').getAttribute('href')).toBe('/purchase-summary');
  });

  it('success: its title; a number the router parsed is shown as text, an object dropped', async () => {
    await showResult('success', { esito: 'OK', messaggio: 1234.5 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment completed');
    expect(screen.getByTestId('payment-messaggio').textContent).toBe('1234.5');
    expect(PaymentResultSearch.parse({ esito: { a: 1 } }).esito).toBeUndefined();
  });
});
