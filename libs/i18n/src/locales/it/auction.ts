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
    paused: 'Offerte sospese finché manca la connessione: non viene inviato nulla. Offri di nuovo quando torna.',
    amount: 'Offerta per {{plate}}', submit: 'Offri', invalid: 'Inserire un importo in euro con al massimo 2 decimali.',
    belowMinimum: 'L’offerta minima è {{amount}}.', retrying: 'Problema di connessione, nuovo tentativo…', accepted: 'Offerta accettata: {{amount}}',
    confirmBuyNow: 'Acquistare subito {{brand}} {{model}} ({{plate}}) a {{amount}}? L’acquisto è vincolante.',
  },
  regulation: {
    title: 'Regolamento dell’asta',
    text: 'Le offerte in quest’asta sono vincolanti. Alla chiusura, ogni lotto è aggiudicato alla migliore offerta, purché raggiunga il prezzo di riserva. Un’offerta negli ultimi secondi prolunga il lotto. Accettare il regolamento di quest’asta?',
    accept: 'Accetto',
    document: 'Leggi il regolamento di quest’asta (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Aggiungi {{steps}} rilanci all’offerta ({{amount}})', send: 'Invia offerta', confirmFarAbove: 'Stai offrendo {{amount}}, molto sopra la prossima offerta valida ({{minimum}}). Le offerte sono vincolanti. Inviarla?', confirmRaiseOwn: 'Sei già in testa su questo lotto con {{current}}. Alzare la tua offerta a {{amount}}?', confirmBuyNowInstead: '{{amount}} raggiunge il prezzo di acquisto immediato. Acquistare subito {{brand}} {{model}} ({{plate}}) a {{buyNow}}? L’acquisto è vincolante.', accepted: 'La tua offerta di {{amount}} è stata accettata.', late: 'La tua offerta di {{amount}} è arrivata dopo la chiusura e non è stata accettata.', refused: 'La tua offerta di {{amount}} non è stata accettata: {{reason}}', extended: 'Prolungato di {{duration}}: ora termina alle {{time}}', extendedShort: '+{{duration}}', stale: 'Connessione persa: questi valori potrebbero non essere aggiornati.' },
  dealer: { history: 'Offerte', historyEmpty: 'Ancora nessuna offerta.', you: 'Tu', bidder: 'Offerente {{number}}', amount: 'Importo', time: 'Ora', who: 'Offerente', viaBuyNow: 'acquisto immediato', reserveMet: 'Prezzo di riserva raggiunto', reserveNotMet: 'Prezzo di riserva non raggiunto', noReserve: 'Nessun prezzo di riserva', awaitingSeller: 'In attesa della decisione del venditore', myBidsTitle: 'Le mie offerte e aggiudicazioni', myBidsEmpty: 'Non hai ancora fatto offerte.', outcome: 'Esito', scheduledTitle: 'Aste programmate', scheduledEmpty: 'Nessuna asta programmata.', starts: 'Inizio', startsIn: 'Inizia tra', navMyBids: 'Le mie offerte' },
  observedPage: { title: 'Lotti osservati', empty: 'Non si sta osservando alcun lotto.', auction: 'Asta' },
  gallery: { title: 'Foto', none: 'Nessuna foto di questo veicolo.', alt: '{{subject}}, foto {{number}} di {{total}}', previous: 'Foto precedente', next: 'Foto successiva', position: 'Foto {{number}} di {{total}}', original: 'Apri la foto originale', keys: 'Frecce, Home e Fine scorrono le foto; su schermo touch si scorre col dito.', thumbnails: 'Tutte le foto', show: 'Mostra la foto {{number}} di {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Scheda tecnica', documents: 'Documenti', document: 'Documento {{number}} (si apre in una nuova scheda)', version: 'Versione', firstRegistration: 'Prima immatricolazione', mileageKm: 'Chilometraggio', fuel: 'Alimentazione', gearbox: 'Cambio', powerKw: 'Potenza', colour: 'Colore', damageTotal: 'Totale danni', area: 'Area', region: 'Regione', fuels: { PETROL: 'Benzina', DIESEL: 'Diesel', LPG: 'GPL', CNG: 'Metano', HYBRID: 'Ibrida', PLUG_IN_HYBRID: 'Ibrida plug-in', ELECTRIC: 'Elettrica', HYDROGEN: 'Idrogeno', OTHER: 'Altro' }, gearboxes: { MANUAL: 'Manuale', AUTOMATIC: 'Automatico', SEMI_AUTOMATIC: 'Semiautomatico' } },
};
