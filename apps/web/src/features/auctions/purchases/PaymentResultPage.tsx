import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The payment result page (spec 01: `paymentSuccess`, `paymentError`): the outcome and message the payment provider put
 * in the query (`esito`, `messaggio`), shown as text (React escapes it: never HTML), and a link back to the purchases.
 * It only shows what the browser was told: whether a purchase is paid is what the purchases page says (the provider's
 * signed notification decides it, never this redirect).
 */
export function PaymentResultPage({ kind, esito, messaggio }: { readonly kind: 'success' | 'error'; readonly esito?: string; readonly messaggio?: string }) {
  const { t } = useTranslation('purchases');
  return (
    <section className="payment-result" aria-labelledby="payment-result-title" data-testid={`payment-${kind}`}>
      <h1 id="payment-result-title">{t(kind === 'success' ? 'paymentResult.successTitle' : 'paymentResult.errorTitle')}</h1>
      {esito || messaggio ? (
        <dl>
          <dt>{t('paymentResult.outcome')}</dt>
          <dd data-testid="payment-esito">{esito ?? '–'}</dd>
          <dt>{t('paymentResult.message')}</dt>
          <dd data-testid="payment-messaggio">{messaggio ?? '–'}</dd>
        </dl>
      ) : (
        <p className="muted">{t('paymentResult.none')}</p>
      )}
      {kind === 'error' && <p>{t('paymentResult.errorHint')}</p>}
      <p><Link to="/purchase-summary" className="btn" data-testid="payment-back">{t('paymentResult.back')}</Link></p>
    </section>
  );
}
