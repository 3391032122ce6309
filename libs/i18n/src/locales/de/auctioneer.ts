import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** German: the auctioneer's screens. To award is „zuschlagen“ (the award: „Zuschlag“), the reserve the „Mindestpreis“. */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Mehrere Verkäufer', OTH: 'Sonstige' },
  management: {
    title: 'Meine Auktionen', create: 'Neue Auktion', status: 'Status', allStatuses: 'Alle Status', search: 'Name, Kennzeichen, Marke oder Modell suchen',
    searchPlaceholder: 'z. B. Flottenrückläufer, GA123BC', submit: 'Suchen', reset: 'Zurücksetzen', empty: 'Keine Auktion gefunden.', caption: 'Von Ihnen verwaltete Auktionen',
    name: 'Auktion', market: 'Markt', type: 'Art', start: 'Beginn', end: 'Ende', lots: 'Lose', actions: 'Aktionen', open: 'Öffnen',
    delete: 'Löschen', deleteLabel: 'Auktion {{name}} löschen', confirmDelete: 'Die Auktion „{{name}}“ löschen? Dies kann nicht rückgängig gemacht werden.',
  },
  create: {
    title: 'Neue Auktion', general: 'Auktion', name: 'Name der Auktion', market: 'Markt', type: 'Auktionsart',
    regulationRequired: 'Händler müssen vor dem Bieten die Bedingungen akzeptieren', extension: 'Verlängerung',
    windowSeconds: 'Verlängerungsfenster (Sekunden)', extendSeconds: 'Verlängern um (Sekunden)', extensionHint: 'Ein Gebot in den letzten Sekunden des Fensters verschiebt das Ende eines Loses. 0 schaltet die Verlängerung aus.',
    start: 'Beginn', end: 'Ende', lots: 'Lose', addLot: 'Los hinzufügen', pickVehicles: 'Fahrzeuge aus dem Bestand wählen', removeLot: 'Entfernen', removeLotLabel: 'Los {{number}} entfernen',
    submit: 'Auktion anlegen', cancel: 'Abbrechen', invalid: 'Einige Felder sind ungültig. Korrigieren Sie die markierten Felder.', lotsCaption: 'Lose der Auktion',
  },
  lotField: {
    number: 'Nr.', plate: 'Kennzeichen', frame: 'Fahrgestell (FIN)', brand: 'Marke', model: 'Modell', basePrice: 'Startpreis (€)', minIncrement: 'Min. Bietschritt (€)',
    reservePrice: 'Mindestpreis (€)', buyNowPrice: 'Sofortkauf (€)', fieldLabel: '{{field}}, Los {{number}}',
  },
  edit: { title: 'Auktion bearbeiten', submit: 'Änderungen speichern', notScheduled: 'Nur eine geplante Auktion kann bearbeitet werden: diese ist {{status}}.', open: 'Bearbeiten' },
  regulation: {
    title: 'Nachricht und Bedingungen für Händler',
    hint: 'Händler lesen die Nachricht und das Dokument, bevor sie die Bedingungen dieser Auktion annehmen.',
    closed: 'Die Auktion ist geschlossen: Nachricht und Bedingungen können sich nicht mehr ändern.', message: 'Nachricht an Händler',
    remaining: 'Verbleibende Zeichen: {{count}}', saveMessage: 'Nachricht speichern',
    messageSaved: 'Die Nachricht an Händler ist gespeichert.', document: 'Bedingungsdokument (PDF)',
    noDocument: 'Kein eigenes Bedingungsdokument.', upload: 'Bedingungsdokument hochladen (PDF, bis 10 MB)',
    replace: 'Dokument ersetzen (PDF, bis 10 MB)', documentSaved: 'Das Bedingungsdokument ist gespeichert.', remove: 'Dokument entfernen',
    confirmRemove: 'Das Bedingungsdokument dieser Auktion entfernen?',
  },
  pickVehicles: {
    title: 'Fahrzeuge im Bestand', search: 'Suchen', failed: 'Die Fahrzeuge konnten nicht geladen werden. Bitte erneut versuchen.',
    none: 'Kein veröffentlichtes Fahrzeug im Bestand passt.', caption: 'Fahrzeuge, die in die Auktion können', pick: 'Wählen',
    photo: 'Foto', vehicle: 'Fahrzeug', mileage: 'Kilometerstand', registered: 'Erstzulassung', km: '{{km}} km',
    pickLabel: 'Fahrzeug {{plate}} wählen', alreadyLabel: 'Fahrzeug {{plate}} ist bereits ein Los', previous: 'Zurück', next: 'Weiter',
    range: '{{from}}–{{to}} von {{total}}', add: 'Als Lose hinzufügen ({{count}})',
  },
  picker: { date: 'Datum (TT/MM/JJJJ)', datePlaceholder: 'TT/MM/JJJJ', hour: 'Stunde', minute: 'Minuten', time: 'Uhrzeit (24 h)' },
  fieldErrors: {
    required: 'Dieses Feld ist erforderlich.', tooLong: 'Dieser Text ist zu lang.', invalid: 'Dieser Wert ist ungültig.',
    amount: 'Geben Sie einen positiven Betrag in Euro mit höchstens 2 Nachkommastellen ein.', belowBase: 'Dieser Preis darf nicht unter dem Startpreis liegen.',
    noLots: 'Fügen Sie mindestens ein Los hinzu.', tooMany: 'Zu viele Lose.', date: 'Geben Sie ein gültiges Datum im Format TT/MM/JJJJ ein.', seconds: 'Geben Sie eine ganze Zahl von Sekunden zwischen 0 und 3600 ein.',
    endBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen.', endNotFuture: 'Das Ende muss in der Zukunft liegen.',
  },
  details: {
    starts: 'Beginn {{date}}', ends: 'Ende {{date}}', endsIn: 'Restzeit', extension: 'Verlängerung: Fenster {{window}}, +{{extend}}',
    extensionOff: 'Keine Verlängerung', regulationRequired: 'Bedingungen müssen akzeptiert werden', back: 'Alle meine Auktionen', extend: 'Verlängern', awardAll: 'Alle zuschlagen',
    confirmAwardAll: 'Alle offenen Lose zuschlagen, deren Höchstgebot den Mindestpreis erreicht?', lotsCaption: 'Lose und ihr Stand',
    countdownLabel: 'Restzeit der Auktion',
  },
  lot: {
    number: 'Nr.', plate: 'Kennzeichen', brand: 'Marke', model: 'Modell', base: 'Startpreis', reserve: 'Mindestpreis', best: 'Höchstgebot', offers: 'Gebote',
    status: 'Status', endsIn: 'Endet in', actions: 'Aktionen', award: 'Zuschlagen', notAward: 'Nicht zuschlagen', revert: 'Zurücknehmen',
    awardLabel: 'Los {{plate}} zuschlagen', notAwardLabel: 'Los {{plate}} nicht zuschlagen', revertLabel: 'Zuschlag für Los {{plate}} zurücknehmen',
    confirmNotAward: 'Los {{plate}} als nicht zugeschlagen markieren?', confirmRevert: 'Los {{plate}} wieder auf Zuschlag offen setzen?',
    countdownLabel: 'Restzeit für Los {{plate}}', buyNowNoRevert: 'Per Sofortkauf erworben: nicht rücknehmbar',
  },
  ownerState: { watching: 'Live', toAward: 'Zuschlag offen', awarded: 'Zugeschlagen', notAwarded: 'Kein Zuschlag' },
  award: {
    title: 'Los {{plate}} zuschlagen', choose: 'Wählen Sie das Gewinnergebot (höchstes zuerst)', timesIn: 'Zeiten in {{zone}}', option: '{{amount}} von {{username}}, {{time}}',
    clickAndBuy: 'Sofortkauf', belowReserve: 'unter Mindestpreis', none: 'Für dieses Los liegen keine Gebote für einen Zuschlag vor.', submit: 'Zuschlagen', cancel: 'Abbrechen',
  },
  extend: {
    title: 'Auktion verlängern', start: 'Beginn', startDate: 'Startdatum', startTime: 'Startzeit', newEnd: 'Neues Ende', submit: 'Verlängern', cancel: 'Abbrechen',
    hint: 'Die Sekunden werden auf null gesetzt.',
  },
  report: {
    title: 'Gebotsbericht', refresh: 'Aktualisieren', idOffer: 'Gebots-ID', lot: 'Los', amount: 'Betrag', dealer: 'Händler', time: 'Zeit',
    clickAndBuy: 'Sofortkauf', yes: 'Ja', no: 'Nein', csv: 'CSV herunterladen', xlsx: 'XLSX herunterladen', empty: 'Noch keine Gebote.', caption: 'Alle angenommenen Gebote in Eingangsreihenfolge',
  },
  outcome: {
    awardAll: '{{awarded}} von {{total}} zugeschlagen', awardAllWhy: '{{awarded}} von {{total}} zugeschlagen: {{why}}', belowReserve: '{{plates}} unter Mindestpreis',
    noOffers: '{{plates}} ohne Gebote', nothingToAward: 'Kein Los wartete auf einen Zuschlag.', awarded: 'Los {{plate}} an {{username}} für {{amount}} zugeschlagen.',
    notAwarded: 'Los {{plate}} ohne Zuschlag markiert.', reverted: 'Zuschlag für Los {{plate}} zurückgenommen: das Los wartet wieder auf einen Zuschlag.',
    extended: 'Die Auktion endet jetzt am {{date}}.', created: 'Auktion „{{name}}“ angelegt.', edited: 'Auktion „{{name}}“ gespeichert.', deleted: 'Auktion „{{name}}“ gelöscht.',
  },
  export: {
    sheet: 'Gebote', lotNumber: 'Los-Nr.', plate: 'Kennzeichen', vehicle: 'Fahrzeug', amount: 'Betrag (EUR)', dealer: 'Händler', time: 'Zeit ({{zone}})',
    clickAndBuy: 'Sofortkauf', awardStatus: 'Zuschlagsstatus', winner: 'Zuschlag an', yes: 'Ja', no: 'Nein', TBA: 'Offen', AWA: 'Zugeschlagen', NAW: 'Kein Zuschlag', lost: 'Nicht zugeschlagen (überboten)',
  },
  offers: { open: 'Gebote', title: 'Gebote: {{name}}', back: 'Zurück zur Auktion', loading: 'Wird geladen…', noLot: 'Dieses Los gehört nicht zu dieser Auktion.', awarded: 'Zugeschlagen', best: 'Höchstgebot', mark: 'Hinweis', lotTitle: 'Gebote auf Los {{number}}: {{brand}} {{model}}', all: 'Alle Gebote der Auktion', buyer: 'Käufer', lotCaption: 'Gebote auf {{plate}} in Eingangsreihenfolge' },
  buyer: { title: 'Käufer von Los {{number}}: {{brand}} {{model}}', back: 'Gebote auf dieses Los', notAwarded: 'Dieses Los hat keinen Käufer: {{status}}.', unknown: 'Das Siegergebot wurde nicht gefunden.', username: 'Händler', price: 'Preis', offeredAt: 'Geboten am' },
};
