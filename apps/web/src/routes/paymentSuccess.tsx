import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultSearch } from '@auction/contracts';
import { PaymentResultPage } from '../features/auctions/purchases/PaymentResultPage.js';

/** Where the payment provider sends the browser back after a successful payment (spec 01: query esito and messaggio). Public, as in the spec. */
export const Route = createFileRoute('/paymentSuccess')({
  validateSearch: PaymentResultSearch,
  component: function PaymentSuccess() {
    const { esito, messaggio } = Route.useSearch();
    return <PaymentResultPage kind="success" esito={esito} messaggio={messaggio} />;
  },
});
