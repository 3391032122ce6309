import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** German: shared words. */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Laufende Auktionen', observed: 'Beobachtete Lose', purchases: 'Käufe', showcase: 'Schaufenster', myLot: 'Mein Los', sold: 'Verkauft', management: 'Auktionsverwaltung', createAuction: 'Neue Auktion', logout: 'Abmelden', skipToContent: 'Zum Inhalt springen', mainMenu: 'Hauptmenü' },
  language: { label: 'Sprache', country: 'Land', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Bestätigen', cancel: 'Abbrechen', close: 'Schließen', ok: 'OK', successTitle: 'Erledigt', errorTitle: 'Fehler', warningTitle: 'Warnung', confirmTitle: 'Bitte bestätigen', successText: 'Der Vorgang wurde abgeschlossen.' },
  spinner: { loading: 'Wird geladen…' },
  connection: { connecting: 'Verbindung zu Live-Updates wird hergestellt…', connected: 'Live', disconnected: 'Verbindung unterbrochen', retrying: 'Neuer Versuch in {{seconds}} s…' },
  live: { serverLost: 'Server antwortet nicht', lostServer: 'Der Server antwortet nicht: Preise sind eventuell nicht aktuell, Gebote sind pausiert. Die Seite verbindet sich von selbst wieder, sobald er antwortet.', offline: 'Offline', retryingIn: 'Neuer Versuch in {{seconds}} s', retryingNow: 'Verbindung wird wiederhergestellt', lost: 'Verbindung unterbrochen: Preise sind eventuell nicht aktuell. Gebote sind pausiert, bis sie zurück ist.', reconnect: 'Jetzt verbinden', outbid: 'Sie wurden überboten: das Höchstgebot ist jetzt {{amount}} (Ihres: {{yours}}).', outbidTitle: 'Überboten', outbidNotices: 'Überbot-Hinweise', outbidLot: 'Los {{number}}: {{vehicle}}', openLotOf: 'Los von {{vehicle}} öffnen', openLot: 'Los öffnen', dismiss: 'Ausblenden', tabTitle: '({{count}}) Überboten' },
  status: { SCH: 'Geplant', RUN: 'Läuft', CLD: 'Geschlossen', AWA: 'Zugeschlagen', TBA: 'Zuschlag offen', NAW: 'Kein Zuschlag' },
  time: { days: '{{count}} T.', ended: 'Beendet', startsIn: 'Beginnt in', zone: 'Zeiten in {{zone}}' },
  actions: { search: 'Suchen', reset: 'Zurücksetzen', back: 'Zurück', save: 'Speichern' },
  empty: 'Keine Einträge vorhanden.',
};
