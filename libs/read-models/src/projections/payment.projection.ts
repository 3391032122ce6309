import type { PaymentEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { PaymentRow } from '../rows.js';
import { domainEventOf } from './event-data.js';

/** The payment row of a purchase after one event of its stream, as `evolvePayment` folds it. Pure. */
export function projectPayment(row: PaymentRow | undefined, event: StoredEvent): PaymentRow | undefined {
  const e = domainEventOf<PaymentEvent>(event);
  switch (e.type) {
    case 'PurchasePaymentRequested':
      if (row?.status === 'PAID') return row;
      return { idPurchase: e.data.idPurchase, idUser: e.data.idUser, status: 'PENDING', idAttempt: e.data.idAttempt, amountCents: e.data.amountCents, changedPosition: event.position };
    case 'PurchasePaid':
      return row ? { ...row, status: 'PAID', changedPosition: event.position } : row;
    case 'PurchasePaymentFailed':
      return row?.status === 'PENDING' && row.idAttempt === e.data.idAttempt ? { ...row, status: 'FAILED', changedPosition: event.position } : row;
    default:
      return row;
  }
}
