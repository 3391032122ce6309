import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** Polish: shared words. An auction lot is a „pozycja”; a dealer's own selection (My lot) is „Moja lista”. */
export const common: Translation<typeof en, 'few' | 'many'> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Trwające aukcje', observed: 'Obserwowane pozycje', purchases: 'Zakupy', showcase: 'Witryna', myLot: 'Moja lista', sold: 'Sprzedane', management: 'Zarządzanie aukcjami', createAuction: 'Nowa aukcja', logout: 'Wyloguj', skipToContent: 'Przejdź do treści', mainMenu: 'Menu główne' },
  language: { label: 'Język', country: 'Kraj', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Potwierdź', cancel: 'Anuluj', close: 'Zamknij', ok: 'OK', successTitle: 'Gotowe', errorTitle: 'Błąd', warningTitle: 'Ostrzeżenie', confirmTitle: 'Prosimy o potwierdzenie', successText: 'Operacja została wykonana.' },
  spinner: { loading: 'Ładowanie…' },
  connection: { connecting: 'Łączenie z aktualizacjami na żywo…', connected: 'Na żywo', disconnected: 'Utracono połączenie', retrying: 'Ponowne łączenie za {{seconds}} s…' },
  live: { serverLost: 'Serwer nie odpowiada', lostServer: 'Serwer nie odpowiada: ceny mogą być nieaktualne, a składanie ofert jest wstrzymane. Strona połączy się sama, gdy tylko odpowie.', offline: 'Brak sieci', retryingIn: 'Ponowna próba za {{seconds}} s', retryingNow: 'Ponowne łączenie', lost: 'Utracono połączenie: ceny mogą być nieaktualne. Składanie ofert wstrzymane do jego powrotu.', reconnect: 'Połącz teraz', outbid: 'Twoja oferta została przebita: najlepsza oferta to teraz {{amount}} (twoja: {{yours}}).', outbidTitle: 'Przebito', outbidNotices: 'Powiadomienia o przebiciu', outbidLot: 'Partia {{number}}: {{vehicle}}', openLotOf: 'Otwórz partię: {{vehicle}}', openLot: 'Otwórz los', dismiss: 'Ukryj', tabTitle: '({{count}}) Przebito' },
  status: { SCH: 'Zaplanowana', RUN: 'Trwa', CLD: 'Zamknięta', AWA: 'Rozstrzygnięta', TBA: 'Do rozstrzygnięcia', NAW: 'Nierozstrzygnięta' },
  time: { days: '{{count}} d.', ended: 'Zakończona', startsIn: 'Start za', zone: 'Czas: {{zone}}' },
  actions: { search: 'Szukaj', reset: 'Wyczyść', back: 'Wstecz', save: 'Zapisz' },
  empty: 'Brak danych do wyświetlenia.',
};
