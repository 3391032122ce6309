import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** Italian: shared words. */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Aste in corso', observed: 'Lotti osservati', purchases: 'Acquisti', showcase: 'Vetrina', myLot: 'Il mio lotto', sold: 'Venduti', management: 'Gestione aste', createAuction: 'Nuova asta', logout: 'Esci', skipToContent: 'Vai al contenuto', mainMenu: 'Menu principale' },
  language: { label: 'Lingua', country: 'Paese', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Conferma', cancel: 'Annulla', close: 'Chiudi', ok: 'OK', successTitle: 'Fatto', errorTitle: 'Errore', warningTitle: 'Attenzione', confirmTitle: 'Conferma richiesta', successText: 'Operazione completata.' },
  spinner: { loading: 'Caricamento…' },
  connection: { connecting: 'Connessione agli aggiornamenti in tempo reale…', connected: 'In diretta', disconnected: 'Connessione persa', retrying: 'Nuovo tentativo tra {{seconds}} s…' },
  live: { serverLost: 'Il server non risponde', lostServer: 'Il server non risponde: i prezzi potrebbero non essere aggiornati e le offerte sono sospese. La pagina si ricollega da sola appena risponde.', offline: 'Non in linea', retryingIn: 'Nuovo tentativo tra {{seconds}} s', retryingNow: 'Riconnessione in corso', lost: 'Connessione persa: i prezzi potrebbero non essere aggiornati. Le offerte sono sospese finché non torna.', reconnect: 'Riconnetti ora', outbid: 'La tua offerta è stata superata: ora la migliore è {{amount}} (la tua: {{yours}}).', outbidTitle: 'Offerta superata', outbidNotices: 'Avvisi di offerta superata', outbidLot: 'Lotto {{number}}: {{vehicle}}', openLotOf: 'Apri il lotto di {{vehicle}}', openLot: 'Apri il lotto', dismiss: 'Chiudi avviso', tabTitle: '({{count}}) Superata' },
  status: { SCH: 'Programmata', RUN: 'In corso', CLD: 'Chiusa', AWA: 'Aggiudicata', TBA: 'Da aggiudicare', NAW: 'Non aggiudicata' },
  time: { days: '{{count}} g', ended: 'Terminata', startsIn: 'Inizia tra', zone: 'Orari in {{zone}}' },
  actions: { search: 'Cerca', reset: 'Reimposta', back: 'Indietro', save: 'Salva' },
  empty: 'Nessun elemento da mostrare.',
};
