import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** Italian: the auctioneer's screens. To award is «aggiudicare», the reserve the «prezzo di riserva». */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Multivenditore', OTH: 'Altro' },
  management: {
    title: 'Le mie aste', create: 'Nuova asta', status: 'Stato', allStatuses: 'Tutti gli stati', search: 'Cerca nome, targa, marca o modello',
    searchPlaceholder: 'es. Rientri flotta, GA123BC', submit: 'Cerca', reset: 'Reimposta', empty: 'Nessuna asta trovata.', caption: 'Aste gestite',
    name: 'Asta', market: 'Mercato', type: 'Tipo', start: 'Inizio', end: 'Fine', lots: 'Lotti', actions: 'Azioni', open: 'Apri',
    delete: 'Elimina', deleteLabel: 'Elimina l’asta {{name}}', confirmDelete: 'Eliminare l’asta «{{name}}»? L’operazione è irreversibile.',
  },
  create: {
    title: 'Nuova asta', general: 'Asta', name: 'Nome asta', market: 'Mercato', type: 'Tipo di asta',
    regulationRequired: 'I concessionari devono accettare il regolamento prima di fare offerte', extension: 'Prolungamento',
    windowSeconds: 'Finestra di prolungamento (secondi)', extendSeconds: 'Prolunga di (secondi)', extensionHint: 'Un’offerta negli ultimi secondi della finestra sposta la fine del lotto. 0 disattiva il prolungamento.',
    start: 'Inizio', end: 'Fine', lots: 'Lotti', addLot: 'Aggiungi lotto', pickVehicles: 'Scegli veicoli dallo stock', removeLot: 'Rimuovi', removeLotLabel: 'Rimuovi il lotto {{number}}',
    submit: 'Crea asta', cancel: 'Annulla', invalid: 'Alcuni campi non sono validi. Correggere i campi evidenziati.', lotsCaption: 'Lotti dell’asta',
  },
  lotField: {
    number: 'N.', plate: 'Targa', frame: 'Telaio (VIN)', brand: 'Marca', model: 'Modello', basePrice: 'Prezzo base (€)', minIncrement: 'Rilancio min. (€)',
    reservePrice: 'Riserva (€)', buyNowPrice: 'Compra subito (€)', fieldLabel: '{{field}}, lotto {{number}}',
  },
  edit: { title: 'Modifica asta', submit: 'Salva le modifiche', notScheduled: 'Si può modificare solo un’asta programmata: questa è {{status}}.', open: 'Modifica' },
  regulation: {
    title: 'Messaggio e regolamento per i dealer',
    hint: 'I dealer leggono il messaggio e il documento prima di accettare il regolamento di quest’asta.',
    closed: 'L’asta è chiusa: messaggio e regolamento non possono più cambiare.', message: 'Messaggio ai dealer',
    remaining: 'Caratteri rimasti: {{count}}', saveMessage: 'Salva il messaggio', messageSaved: 'Il messaggio ai dealer è salvato.',
    document: 'Documento del regolamento (PDF)', noDocument: 'Nessun documento di regolamento proprio.',
    upload: 'Carica un documento di regolamento (PDF, fino a 10 MB)', replace: 'Sostituisci il documento (PDF, fino a 10 MB)',
    documentSaved: 'Il documento del regolamento è salvato.', remove: 'Rimuovi il documento',
    confirmRemove: 'Rimuovere il documento di regolamento di quest’asta?',
  },
  pickVehicles: {
    title: 'Veicoli in stock', search: 'Cerca', failed: 'Impossibile caricare i veicoli. Riprova.',
    none: 'Nessun veicolo pubblicato in stock corrisponde.', caption: 'Veicoli che possono entrare nell’asta', pick: 'Scegli',
    photo: 'Foto', vehicle: 'Veicolo', mileage: 'Chilometraggio', registered: 'Prima immatricolazione', km: '{{km}} km',
    pickLabel: 'Scegli il veicolo {{plate}}', alreadyLabel: 'Il veicolo {{plate}} è già un lotto', previous: 'Precedenti',
    next: 'Successivi', range: '{{from}}–{{to}} di {{total}}', add: 'Aggiungi come lotti ({{count}})',
  },
  picker: { date: 'Data (GG/MM/AAAA)', datePlaceholder: 'GG/MM/AAAA', hour: 'Ora', minute: 'Minuti', time: 'Orario (24 h)' },
  fieldErrors: {
    required: 'Campo obbligatorio.', tooLong: 'Testo troppo lungo.', invalid: 'Valore non valido.',
    amount: 'Inserire un importo positivo in euro con al massimo 2 decimali.', belowBase: 'Questo prezzo non può essere inferiore al prezzo base.',
    noLots: 'Aggiungere almeno un lotto.', tooMany: 'Troppi lotti.', date: 'Inserire una data valida nel formato GG/MM/AAAA.', seconds: 'Inserire un numero intero di secondi da 0 a 3600.',
    endBeforeStart: 'La fine non può precedere l’inizio.', endNotFuture: 'La fine deve essere nel futuro.',
  },
  details: {
    starts: 'Inizio {{date}}', ends: 'Fine {{date}}', endsIn: 'Tempo residuo', extension: 'Prolungamento: finestra di {{window}}, +{{extend}}',
    extensionOff: 'Nessun prolungamento', regulationRequired: 'Regolamento obbligatorio', back: 'Tutte le mie aste', extend: 'Prolunga', awardAll: 'Aggiudica tutti',
    confirmAwardAll: 'Aggiudicare tutti i lotti da aggiudicare la cui migliore offerta raggiunge il prezzo di riserva?', lotsCaption: 'Lotti e relativo stato',
    countdownLabel: 'Tempo residuo dell’asta',
  },
  lot: {
    number: 'N.', plate: 'Targa', brand: 'Marca', model: 'Modello', base: 'Base', reserve: 'Riserva', best: 'Migliore offerta', offers: 'Offerte',
    status: 'Stato', endsIn: 'Fine tra', actions: 'Azioni', award: 'Aggiudica', notAward: 'Non aggiudicare', revert: 'Revoca',
    awardLabel: 'Aggiudica il lotto {{plate}}', notAwardLabel: 'Non aggiudicare il lotto {{plate}}', revertLabel: 'Revoca l’aggiudicazione del lotto {{plate}}',
    confirmNotAward: 'Segnare il lotto {{plate}} come non aggiudicato?', confirmRevert: 'Riportare il lotto {{plate}} tra quelli da aggiudicare?',
    countdownLabel: 'Tempo residuo del lotto {{plate}}', buyNowNoRevert: 'Acquistato con Compra subito: non annullabile',
  },
  ownerState: { watching: 'In diretta', toAward: 'Da aggiudicare', awarded: 'Aggiudicato', notAwarded: 'Non aggiudicato' },
  award: {
    title: 'Aggiudica il lotto {{plate}}', choose: 'Scegliere l’offerta vincente (migliore in cima)', timesIn: 'orari in {{zone}}', option: '{{amount}} di {{username}}, {{time}}',
    clickAndBuy: 'compra subito', belowReserve: 'sotto riserva', none: 'Nessuna offerta da aggiudicare per questo lotto.', submit: 'Aggiudica', cancel: 'Annulla',
  },
  extend: {
    title: 'Prolunga l’asta', start: 'Inizio', startDate: 'Data di inizio', startTime: 'Ora di inizio', newEnd: 'Nuova fine', submit: 'Prolunga', cancel: 'Annulla',
    hint: 'I secondi vengono azzerati.',
  },
  report: {
    title: 'Report offerte', refresh: 'Aggiorna', idOffer: 'ID offerta', lot: 'Lotto', amount: 'Importo', dealer: 'Concessionario', time: 'Ora',
    clickAndBuy: 'Compra subito', yes: 'Sì', no: 'No', csv: 'Scarica CSV', xlsx: 'Scarica XLSX', empty: 'Ancora nessuna offerta.', caption: 'Tutte le offerte accettate, in ordine di arrivo',
  },
  outcome: {
    awardAll: '{{awarded}} di {{total}} aggiudicati', awardAllWhy: '{{awarded}} di {{total}} aggiudicati: {{why}}', belowReserve: '{{plates}} sotto il prezzo di riserva',
    noOffers: '{{plates}} senza offerte', nothingToAward: 'Nessun lotto era in attesa di aggiudicazione.', awarded: 'Lotto {{plate}} aggiudicato a {{username}} per {{amount}}.',
    notAwarded: 'Lotto {{plate}} segnato come non aggiudicato.', reverted: 'Aggiudicazione del lotto {{plate}} revocata: il lotto è di nuovo da aggiudicare.',
    extended: 'L’asta ora termina il {{date}}.', created: 'Asta «{{name}}» creata.', edited: 'Asta “{{name}}” salvata.', deleted: 'Asta «{{name}}» eliminata.',
  },
  export: {
    sheet: 'Offerte', lotNumber: 'N. lotto', plate: 'Targa', vehicle: 'Veicolo', amount: 'Importo (EUR)', dealer: 'Concessionario', time: 'Ora ({{zone}})',
    clickAndBuy: 'Compra subito', awardStatus: 'Stato aggiudicazione', winner: 'Aggiudicatario', yes: 'Sì', no: 'No', TBA: 'Da aggiudicare', AWA: 'Aggiudicato', NAW: 'Non aggiudicato', lost: 'Non aggiudicata (superata)',
  },
  offers: { open: 'Offerte', title: 'Offerte: {{name}}', back: 'Torna all’asta', loading: 'Caricamento…', noLot: 'Questo lotto non è in quest’asta.', awarded: 'Aggiudicata', best: 'Offerta migliore', mark: 'Nota', lotTitle: 'Offerte sul lotto {{number}}: {{brand}} {{model}}', all: 'Tutte le offerte dell’asta', buyer: 'Acquirente', lotCaption: 'Offerte su {{plate}}, nell’ordine di arrivo' },
  buyer: { title: 'Acquirente del lotto {{number}}: {{brand}} {{model}}', back: 'Offerte su questo lotto', notAwarded: 'Questo lotto non ha un acquirente: {{status}}.', unknown: 'L’offerta vincente non è stata trovata.', username: 'Concessionario', price: 'Prezzo', offeredAt: 'Offerta alle' },
};
