import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** Dutch (also served to Belgium): shared words. */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Lopende veilingen', observed: 'Gevolgde kavels', purchases: 'Aankopen', showcase: 'Etalage', myLot: 'Mijn kavel', sold: 'Verkocht', management: 'Veilingbeheer', createAuction: 'Nieuwe veiling', logout: 'Afmelden', skipToContent: 'Naar de inhoud', mainMenu: 'Hoofdmenu' },
  language: { label: 'Taal', country: 'Land', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Bevestigen', cancel: 'Annuleren', close: 'Sluiten', ok: 'OK', successTitle: 'Gelukt', errorTitle: 'Fout', warningTitle: 'Waarschuwing', confirmTitle: 'Bevestig a.u.b.', successText: 'De bewerking is voltooid.' },
  spinner: { loading: 'Laden…' },
  connection: { connecting: 'Verbinden met live-updates…', connected: 'Live', disconnected: 'Verbinding verbroken', retrying: 'Opnieuw verbinden over {{seconds}} s…' },
  live: { serverLost: 'Server reageert niet', lostServer: 'De server reageert niet: prijzen zijn mogelijk niet actueel en bieden is gepauzeerd. De pagina maakt zelf opnieuw verbinding zodra hij reageert.', offline: 'Offline', retryingIn: 'Opnieuw verbinden over {{seconds}} s', retryingNow: 'Opnieuw verbinden', lost: 'Verbinding verbroken: prijzen zijn mogelijk niet actueel. Bieden is gepauzeerd tot ze terug is.', reconnect: 'Nu verbinden', outbid: 'U bent overboden: het hoogste bod is nu {{amount}} (het uwe: {{yours}}).', outbidTitle: 'Overboden', outbidNotices: 'Overbod-meldingen', outbidLot: 'Kavel {{number}}: {{vehicle}}', openLotOf: 'Kavel van {{vehicle}} openen', openLot: 'Kavel openen', dismiss: 'Verbergen', tabTitle: '({{count}}) Overboden' },
  status: { SCH: 'Gepland', RUN: 'Lopend', CLD: 'Gesloten', AWA: 'Gegund', TBA: 'Te gunnen', NAW: 'Niet gegund' },
  time: { days: '{{count}} d', ended: 'Afgelopen', startsIn: 'Begint over', zone: 'Tijden in {{zone}}' },
  actions: { search: 'Zoeken', reset: 'Wissen', back: 'Terug', save: 'Opslaan' },
  empty: 'Niets om weer te geven.',
};
