import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultSearch } from '@auction/contracts';
import { PaymentResultPage } from '../features/auctions/purchases/PaymentResultPage.js';

/** Where the payment provider sends the browser back after an unsuccessful payment (spec 01: query esito and messaggio). Public, as in the spec. */
export const Route = createFileRoute('/paymentError')({
  validateSearch: PaymentResultSearch,
  component: function PaymentError() {
    const { esito, messaggio } = Route.useSearch();
    return <PaymentResultPage kind="error" esito={esito} messaggio={messaggio} />;
  },
});
