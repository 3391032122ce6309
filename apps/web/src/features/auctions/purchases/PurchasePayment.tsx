import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';

/** Opens a payment link: the browser leaves for the provider's page, which brings it back to paymentSuccess or paymentError. */
export type OpenPaymentLink = (url: string) => void;

const openInThisTab: OpenPaymentLink = (url) => window.location.assign(url);

/**
 * A purchase's payment: a badge of its status (not paid, pending, failed, paid) and, until it is paid, a Pay button
 * (Pay again after a failure) that asks the API for a link (`payByLink`) and opens it. A failure to get one is shown
 * by the app's error dialog (its errorCode's text); the button is usable again then.
 */
export function PurchasePayment({ row, subject, payByLink, open = openInThisTab }: {
  readonly row: PurchaseRow;
  readonly subject: string;
  readonly payByLink: (idPurchase: string) => Promise<{ url: string }>;
  readonly open?: OpenPaymentLink;
}) {
  const { t } = useTranslation('purchases');
  const [busy, setBusy] = useState(false);
  const status = row.paymentStatus ?? 'UNPAID';
  const id = row.idPurchase;
  const pay = async () => {
    if (!id) return;
    setBusy(true);
    try {
      open((await payByLink(id)).url);
    } catch {
      setBusy(false);
    }
  };
  return (
    <span className="payment-cell">
      <span className={`badge badge-payment-${status}`} data-testid={`payment-status-${id}`}>{t(`payment.status.${status}`)}</span>
      {status !== 'PAID' && id && (
        <button type="button" className="btn btn-small" onClick={() => void pay()} disabled={busy} aria-busy={busy}
          aria-label={t('payment.payOf', { subject })} data-testid={`pay-${id}`}>
          {busy ? t('payment.opening') : t(status === 'FAILED' ? 'payment.payAgain' : 'payment.pay')}
        </button>
      )}
    </span>
  );
}
