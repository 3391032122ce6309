import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** Dutch (also served to Belgium): the auctioneer's screens. To award is ‘gunnen’ (the award: ‘gunning’), the reserve the ‘minimumprijs’. */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Meerdere verkopers', OTH: 'Overig' },
  management: {
    title: 'Mijn veilingen', create: 'Nieuwe veiling', status: 'Status', allStatuses: 'Alle statussen', search: 'Zoek op naam, kenteken, merk of model',
    searchPlaceholder: 'bv. Vlootretouren, GA123BC', submit: 'Zoeken', reset: 'Wissen', empty: 'Geen veiling gevonden.', caption: 'Veilingen die u beheert',
    name: 'Veiling', market: 'Markt', type: 'Type', start: 'Begin', end: 'Einde', lots: 'Kavels', actions: 'Acties', open: 'Openen',
    delete: 'Verwijderen', deleteLabel: 'Veiling {{name}} verwijderen', confirmDelete: 'De veiling ‘{{name}}’ verwijderen? Dit kan niet ongedaan worden gemaakt.',
  },
  create: {
    title: 'Nieuwe veiling', general: 'Veiling', name: 'Naam van de veiling', market: 'Markt', type: 'Soort veiling',
    regulationRequired: 'Handelaren moeten de voorwaarden aanvaarden voordat ze bieden', extension: 'Verlenging',
    windowSeconds: 'Verlengingsvenster (seconden)', extendSeconds: 'Verlengen met (seconden)', extensionHint: 'Een bod in de laatste seconden van het venster verschuift het einde van een kavel. 0 schakelt de verlenging uit.',
    start: 'Begin', end: 'Einde', lots: 'Kavels', addLot: 'Kavel toevoegen', pickVehicles: 'Voertuigen uit voorraad kiezen', removeLot: 'Verwijderen', removeLotLabel: 'Kavel {{number}} verwijderen',
    submit: 'Veiling aanmaken', cancel: 'Annuleren', invalid: 'Sommige velden zijn ongeldig. Corrigeer de gemarkeerde velden.', lotsCaption: 'Kavels van de veiling',
  },
  lotField: {
    number: 'Nr.', plate: 'Kenteken', frame: 'Chassisnr. (VIN)', brand: 'Merk', model: 'Model', basePrice: 'Startprijs (€)', minIncrement: 'Min. verhoging (€)',
    reservePrice: 'Minimumprijs (€)', buyNowPrice: 'Direct kopen (€)', fieldLabel: '{{field}}, kavel {{number}}',
  },
  edit: { title: 'Veiling bewerken', submit: 'Wijzigingen opslaan', notScheduled: 'Alleen een geplande veiling kan worden bewerkt: deze is {{status}}.', open: 'Bewerken' },
  regulation: {
    title: 'Bericht en reglement voor dealers',
    hint: 'Dealers lezen het bericht en het document voordat ze het reglement van deze veiling aanvaarden.',
    closed: 'De veiling is gesloten: bericht en reglement kunnen niet meer wijzigen.', message: 'Bericht aan dealers',
    remaining: 'Resterende tekens: {{count}}', saveMessage: 'Bericht opslaan', messageSaved: 'Het bericht aan dealers is opgeslagen.',
    document: 'Reglementsdocument (PDF)', noDocument: 'Geen eigen reglementsdocument.',
    upload: 'Reglementsdocument uploaden (PDF, tot 10 MB)', replace: 'Document vervangen (PDF, tot 10 MB)',
    documentSaved: 'Het reglementsdocument is opgeslagen.', remove: 'Document verwijderen',
    confirmRemove: 'Het reglementsdocument van deze veiling verwijderen?',
  },
  pickVehicles: {
    title: 'Voertuigen op voorraad', search: 'Zoeken', failed: 'De voertuigen konden niet worden geladen. Probeer het opnieuw.',
    none: 'Geen gepubliceerd voertuig op voorraad komt overeen.', caption: 'Voertuigen die in de veiling kunnen', pick: 'Kiezen',
    photo: 'Foto', vehicle: 'Voertuig', mileage: 'Kilometerstand', registered: 'Eerste inschrijving', km: '{{km}} km',
    pickLabel: 'Voertuig {{plate}} kiezen', alreadyLabel: 'Voertuig {{plate}} is al een kavel', previous: 'Vorige', next: 'Volgende',
    range: '{{from}}–{{to}} van {{total}}', add: 'Als kavels toevoegen ({{count}})',
  },
  picker: { date: 'Datum (DD/MM/JJJJ)', datePlaceholder: 'DD/MM/JJJJ', hour: 'Uur', minute: 'Minuten', time: 'Tijd (24 u)' },
  fieldErrors: {
    required: 'Dit veld is verplicht.', tooLong: 'Deze tekst is te lang.', invalid: 'Deze waarde is ongeldig.',
    amount: 'Voer een positief bedrag in euro in met maximaal 2 decimalen.', belowBase: 'Deze prijs mag niet lager zijn dan de startprijs.',
    noLots: 'Voeg minstens één kavel toe.', tooMany: 'Te veel kavels.', date: 'Voer een bestaande datum in als DD/MM/JJJJ.', seconds: 'Voer een geheel aantal seconden in van 0 tot 3600.',
    endBeforeStart: 'Het einde mag niet vóór het begin liggen.', endNotFuture: 'Het einde moet in de toekomst liggen.',
  },
  details: {
    starts: 'Begint {{date}}', ends: 'Eindigt {{date}}', endsIn: 'Resterende tijd', extension: 'Verlenging: venster {{window}}, +{{extend}}',
    extensionOff: 'Geen verlenging', regulationRequired: 'Voorwaarden verplicht', back: 'Al mijn veilingen', extend: 'Tijd verlengen', awardAll: 'Alles gunnen',
    confirmAwardAll: 'Alle te gunnen kavels gunnen waarvan het hoogste bod de minimumprijs haalt?', lotsCaption: 'Kavels en hun status',
    countdownLabel: 'Resterende tijd van de veiling',
  },
  lot: {
    number: 'Nr.', plate: 'Kenteken', brand: 'Merk', model: 'Model', base: 'Startprijs', reserve: 'Minimumprijs', best: 'Hoogste bod', offers: 'Biedingen',
    status: 'Status', endsIn: 'Eindigt over', actions: 'Acties', award: 'Gunnen', notAward: 'Niet gunnen', revert: 'Terugdraaien',
    awardLabel: 'Kavel {{plate}} gunnen', notAwardLabel: 'Kavel {{plate}} niet gunnen', revertLabel: 'Gunning van kavel {{plate}} terugdraaien',
    confirmNotAward: 'Kavel {{plate}} als niet gegund markeren?', confirmRevert: 'Kavel {{plate}} terugzetten naar te gunnen?',
    countdownLabel: 'Resterende tijd voor kavel {{plate}}', buyNowNoRevert: 'Gekocht via Direct kopen: kan niet worden teruggedraaid',
  },
  ownerState: { watching: 'Live', toAward: 'Te gunnen', awarded: 'Gegund', notAwarded: 'Niet gegund' },
  award: {
    title: 'Kavel {{plate}} gunnen', choose: 'Kies het winnende bod (hoogste eerst)', timesIn: 'tijden in {{zone}}', option: '{{amount}} door {{username}}, {{time}}',
    clickAndBuy: 'direct kopen', belowReserve: 'onder minimum', none: 'Deze kavel heeft geen biedingen om te gunnen.', submit: 'Gunnen', cancel: 'Annuleren',
  },
  extend: {
    title: 'Veiling verlengen', start: 'Begin', startDate: 'Begindatum', startTime: 'Begintijd', newEnd: 'Nieuw einde', submit: 'Verlengen', cancel: 'Annuleren',
    hint: 'De seconden worden op nul gezet.',
  },
  report: {
    title: 'Biedingsrapport', refresh: 'Vernieuwen', idOffer: 'Bod-ID', lot: 'Kavel', amount: 'Bedrag', dealer: 'Handelaar', time: 'Tijd',
    clickAndBuy: 'Direct kopen', yes: 'Ja', no: 'Nee', csv: 'CSV downloaden', xlsx: 'XLSX downloaden', empty: 'Nog geen biedingen.', caption: 'Alle aanvaarde biedingen, in volgorde van ontvangst',
  },
  outcome: {
    awardAll: '{{awarded}} van {{total}} gegund', awardAllWhy: '{{awarded}} van {{total}} gegund: {{why}}', belowReserve: '{{plates}} onder minimumprijs',
    noOffers: '{{plates}} zonder biedingen', nothingToAward: 'Er wachtte geen kavel op gunning.', awarded: 'Kavel {{plate}} gegund aan {{username}} voor {{amount}}.',
    notAwarded: 'Kavel {{plate}} gemarkeerd als niet gegund.', reverted: 'Gunning van kavel {{plate}} teruggedraaid: de kavel wacht weer op gunning.',
    extended: 'De veiling eindigt nu op {{date}}.', created: 'Veiling ‘{{name}}’ aangemaakt.', edited: 'Veiling ‘{{name}}’ opgeslagen.', deleted: 'Veiling ‘{{name}}’ verwijderd.',
  },
  export: {
    sheet: 'Biedingen', lotNumber: 'Kavelnr.', plate: 'Kenteken', vehicle: 'Voertuig', amount: 'Bedrag (EUR)', dealer: 'Handelaar', time: 'Tijd ({{zone}})',
    clickAndBuy: 'Direct kopen', awardStatus: 'Gunningsstatus', winner: 'Gegund aan', yes: 'Ja', no: 'Nee', TBA: 'Te gunnen', AWA: 'Gegund', NAW: 'Niet gegund', lost: 'Niet gegund (overboden)',
  },
  offers: { open: 'Biedingen', title: 'Biedingen: {{name}}', back: 'Terug naar de veiling', loading: 'Laden…', noLot: 'Dit kavel hoort niet bij deze veiling.', awarded: 'Gegund', best: 'Hoogste bod', mark: 'Opmerking', lotTitle: 'Biedingen op kavel {{number}}: {{brand}} {{model}}', all: 'Alle biedingen van de veiling', buyer: 'Koper', lotCaption: 'Biedingen op {{plate}}, in volgorde van ontvangst' },
  buyer: { title: 'Koper van kavel {{number}}: {{brand}} {{model}}', back: 'Biedingen op dit kavel', notAwarded: 'Dit kavel heeft geen koper: {{status}}.', unknown: 'Het winnende bod is niet gevonden.', username: 'Dealer', price: 'Prijs', offeredAt: 'Geboden op' },
};
