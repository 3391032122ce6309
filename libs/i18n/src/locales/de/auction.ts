import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** German: the dealer's auction screens. A bid is a „Gebot“, a lot a „Los“, the award the „Zuschlag“, buy now „Sofortkauf“. */
export const auction: Translation<typeof en> = {
  title: 'Laufende Auktionen',
  search: { label: 'Kennzeichen, Marke, Modell oder Auktion suchen', placeholder: 'z. B. GA123BC, Fiat 500', submit: 'Suchen', clear: 'Leeren' },
  list: { name: 'Auktion', market: 'Markt', lots: 'Lose', ends: 'Ende', endsIn: 'Restzeit', status: 'Status', open: 'Öffnen', empty: 'Derzeit läuft keine Auktion.' },
  page: { starts: 'Beginn {{date}}', ends: 'Ende {{date}}', lotsCount: 'Lose: {{count}}', regulationRequired: 'Bedingungen müssen akzeptiert werden', back: 'Alle laufenden Auktionen', notFound: 'Diese Auktion existiert nicht.' },
  lot: {
    number: 'Nr.', plate: 'Kennzeichen', vehicle: 'Fahrzeug', base: 'Startpreis', best: 'Höchstgebot', offers: 'Gebote', mine: 'Mein Gebot', state: 'Mein Stand',
    endsIn: 'Endet in', status: 'Status', actions: 'Gebot', detail: 'Details', buyNow: 'Sofortkauf', buyNowFor: 'Sofort kaufen für {{amount}}',
    observe: 'Beobachten', unobserve: 'Nicht mehr beobachten', observed: 'Beobachtet', minIncrement: 'Min. Bietschritt', nextValid: 'Nächstes gültiges Gebot',
    countdownLabel: 'Restzeit für Los {{plate}}', detailTitle: 'Los {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Kein Gebot', placing: 'Wird gesendet…', leading: 'Höchstbietend', outbid: 'Überboten', won: 'Gewonnen', lost: 'Verloren' },
  offer: {
    paused: 'Gebote pausiert, solange die Verbindung fehlt: nichts wird gesendet. Bieten Sie erneut, sobald sie zurück ist.',
    amount: 'Ihr Gebot für {{plate}}', submit: 'Bieten', invalid: 'Geben Sie einen Betrag in Euro mit höchstens 2 Nachkommastellen ein.',
    belowMinimum: 'Das Mindestgebot beträgt {{amount}}.', retrying: 'Verbindungsproblem, neuer Versuch…', accepted: 'Gebot angenommen: {{amount}}',
    confirmBuyNow: '{{brand}} {{model}} ({{plate}}) für {{amount}} sofort kaufen? Der Kauf ist verbindlich.',
  },
  regulation: {
    title: 'Auktionsbedingungen',
    text: 'Gebote in dieser Auktion sind verbindlich. Das höchste Gebot bei Ende eines Loses erhält den Zuschlag, sofern der Mindestpreis erreicht ist. Ein Gebot in den letzten Sekunden verlängert das Los. Akzeptieren Sie die Bedingungen dieser Auktion?',
    accept: 'Akzeptieren',
    document: 'Die Auktionsbedingungen dieser Auktion lesen (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: '{{steps}} Erhöhungsschritte zum Gebot hinzufügen ({{amount}})', send: 'Gebot senden', confirmFarAbove: 'Sie bieten {{amount}}, weit über dem nächsten gültigen Gebot ({{minimum}}). Gebote sind verbindlich. Senden?', confirmRaiseOwn: 'Sie sind bei diesem Los bereits mit {{current}} Höchstbietender. Ihr eigenes Gebot auf {{amount}} erhöhen?', confirmBuyNowInstead: '{{amount}} erreicht den Sofortkaufpreis. {{brand}} {{model}} ({{plate}}) stattdessen für {{buyNow}} sofort kaufen? Der Kauf ist verbindlich.', accepted: 'Ihr Gebot von {{amount}} wurde angenommen.', late: 'Ihr Gebot von {{amount}} kam nach dem Ende an und wurde nicht angenommen.', refused: 'Ihr Gebot von {{amount}} wurde nicht angenommen: {{reason}}', extended: 'Um {{duration}} verlängert: endet jetzt um {{time}}', extendedShort: '+{{duration}}', stale: 'Verbindung unterbrochen: diese Werte sind eventuell nicht aktuell.' },
  dealer: { history: 'Gebote', historyEmpty: 'Noch keine Gebote.', you: 'Sie', bidder: 'Bieter {{number}}', amount: 'Betrag', time: 'Zeit', who: 'Bieter', viaBuyNow: 'Sofortkauf', reserveMet: 'Mindestpreis erreicht', reserveNotMet: 'Mindestpreis nicht erreicht', noReserve: 'Kein Mindestpreis', awaitingSeller: 'Entscheidung des Verkäufers ausstehend', myBidsTitle: 'Meine Gebote und Zuschläge', myBidsEmpty: 'Sie haben noch auf kein Los geboten.', outcome: 'Ergebnis', scheduledTitle: 'Geplante Auktionen', scheduledEmpty: 'Keine Auktion geplant.', starts: 'Beginn', startsIn: 'Beginnt in', navMyBids: 'Meine Gebote' },
  observedPage: { title: 'Beobachtete Lose', empty: 'Sie beobachten kein Los.', auction: 'Auktion' },
  gallery: { title: 'Fotos', none: 'Keine Fotos dieses Fahrzeugs.', alt: '{{subject}}, Foto {{number}} von {{total}}', previous: 'Vorheriges Foto', next: 'Nächstes Foto', position: 'Foto {{number}} von {{total}}', original: 'Originalfoto öffnen', keys: 'Pfeiltasten, Pos1 und Ende blättern durch die Fotos; auf Touchscreens wischen.', thumbnails: 'Alle Fotos', show: 'Foto {{number}} von {{total}} zeigen' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Datenblatt', documents: 'Dokumente', document: 'Dokument {{number}} (öffnet in neuem Tab)', version: 'Version', firstRegistration: 'Erstzulassung', mileageKm: 'Kilometerstand', fuel: 'Kraftstoff', gearbox: 'Getriebe', powerKw: 'Leistung', colour: 'Farbe', damageTotal: 'Schadenssumme', area: 'Gebiet', region: 'Region', fuels: { PETROL: 'Benzin', DIESEL: 'Diesel', LPG: 'Autogas (LPG)', CNG: 'Erdgas (CNG)', HYBRID: 'Hybrid', PLUG_IN_HYBRID: 'Plug-in-Hybrid', ELECTRIC: 'Elektro', HYDROGEN: 'Wasserstoff', OTHER: 'Andere' }, gearboxes: { MANUAL: 'Schaltgetriebe', AUTOMATIC: 'Automatik', SEMI_AUTOMATIC: 'Halbautomatik' } },
};
