import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** Italian: the dealer's auction screens. A bid is an «offerta», the minimum raise a «rilancio», buy now «Compra subito». */
export const auction: Translation<typeof en> = {
  title: 'Aste in corso',
  search: { label: 'Cerca targa, marca, modello o asta', placeholder: 'es. GA123BC, Fiat 500', submit: 'Cerca', clear: 'Cancella' },
  list: { name: 'Asta', market: 'Mercato', lots: 'Lotti', ends: 'Fine', endsIn: 'Tempo residuo', status: 'Stato', open: 'Apri', empty: 'Al momento non ci sono aste in corso.' },
  page: { starts: 'Inizio {{date}}', ends: 'Fine {{date}}', lotsCount: 'Lotti: {{count}}', regulationRequired: 'Regolamento obbligatorio', back: 'Tutte le aste in corso', notFound: 'Quest’asta non esiste.' },
  lot: {
    number: 'N.', plate: 'Targa', vehicle: 'Veicolo', base: 'Prezzo base', best: 'Migliore offerta', offers: 'Offerte', mine: 'Mia offerta', state: 'Mio stato',
    endsIn: 'Fine tra', status: 'Stato', actions: 'Offerta', detail: 'Dettagli', buyNow: 'Compra subito', buyNowFor: 'Compra subito a {{amount}}',
    observe: 'Osserva', unobserve: 'Non osservare più', observed: 'Osservato', minIncrement: 'Rilancio min.', nextValid: 'Prossima offerta valida',
    countdownLabel: 'Tempo residuo del lotto {{plate}}', detailTitle: 'Lotto {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Nessuna offerta', placing: 'Invio…', leading: 'In testa', outbid: 'Superata', won: 'Vinto', lost: 'Perso' },
  offer: {
    amount: 'Offerta per {{plate}}', submit: 'Offri', invalid: 'Inserire un importo in euro con al massimo 2 decimali.',
    belowMinimum: 'L’offerta minima è {{amount}}.', retrying: 'Problema di connessione, nuovo tentativo…', accepted: 'Offerta accettata: {{amount}}',
    confirmBuyNow: 'Acquistare subito {{brand}} {{model}} ({{plate}}) a {{amount}}? L’acquisto è vincolante.',
  },
  regulation: {
    title: 'Regolamento dell’asta',
    text: 'Le offerte in quest’asta sono vincolanti. Alla chiusura, ogni lotto è aggiudicato alla migliore offerta, purché raggiunga il prezzo di riserva. Un’offerta negli ultimi secondi prolunga il lotto. Accettare il regolamento di quest’asta?',
    accept: 'Accetto',
  },
  observedPage: { title: 'Lotti osservati', empty: 'Non si sta osservando alcun lotto.', auction: 'Asta' },
};
