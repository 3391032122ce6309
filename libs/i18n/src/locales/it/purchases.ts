import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** Italian: the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Acquisti',
  filters: {
    legend: 'Cerca acquisti',
    auctionName: 'Nome asta',
    channel: 'Canale',
    anyChannel: 'Tutti',
    frame: 'Numero di telaio',
    fromDate: 'Dal (GG/MM/AAAA)',
    toDate: 'Al (GG/MM/AAAA)',
    idUserDealer: 'ID utente concessionario',
    idVehicle: 'ID veicolo',
    licensePlate: 'Targa',
    invalidDate: 'Inserire una data nel formato GG/MM/AAAA.',
    rangeInvalid: 'La data finale non può precedere la data iniziale.',
  },
  channel: { AUCTION: 'Asta', SHOWCASE: 'Vetrina' },
  columns: { date: 'Data', channel: 'Canale', auctionName: 'Asta', licensePlate: 'Targa', brand: 'Marca', model: 'Modello', frame: 'Telaio', price: 'Prezzo', payment: 'Pagamento', rating: 'Valutazione' },
  empty: 'Nessun acquisto corrisponde alla ricerca.',
  count_one: '{{count}} acquisto',
  count_other: '{{count}} acquisti',
  payment: {
    status: { UNPAID: 'Non pagato', PENDING: 'Pagamento in corso', FAILED: 'Pagamento non riuscito', PAID: 'Pagato' },
    pay: 'Paga',
    payAgain: 'Paga di nuovo',
    payOf: 'Paga {{subject}}',
    opening: 'Apertura della pagina di pagamento…',
  },
  paymentResult: {
    successTitle: 'Pagamento completato',
    errorTitle: 'Pagamento non completato',
    outcome: 'Esito',
    message: 'Messaggio',
    none: 'Nessun dettaglio fornito.',
    back: 'Torna agli acquisti',
    errorHint: 'Puoi riprovare dai tuoi acquisti.',
  },
};
