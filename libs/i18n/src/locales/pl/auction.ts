import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** Polish: the dealer's auction screens. A lot is a „pozycja”, a bid an „oferta”, the award a „rozstrzygnięcie”, buy now „Kup teraz”. */
export const auction: Translation<typeof en, 'few' | 'many'> = {
  title: 'Trwające aukcje',
  search: { label: 'Szukaj po numerze rejestracyjnym, marce, modelu lub aukcji', placeholder: 'np. GA123BC, Fiat 500', submit: 'Szukaj', clear: 'Wyczyść' },
  list: { name: 'Aukcja', market: 'Rynek', lots: 'Pozycje', ends: 'Koniec', endsIn: 'Pozostało', status: 'Status', open: 'Otwórz', empty: 'Obecnie nie trwa żadna aukcja.' },
  page: { starts: 'Początek {{date}}', ends: 'Koniec {{date}}', lotsCount: 'Liczba pozycji: {{count}}', regulationRequired: 'Wymagana akceptacja regulaminu', back: 'Wszystkie trwające aukcje', notFound: 'Ta aukcja nie istnieje.' },
  lot: {
    number: 'Nr', plate: 'Nr rej.', vehicle: 'Pojazd', base: 'Cena wywoławcza', best: 'Najlepsza oferta', offers: 'Oferty', mine: 'Moja oferta', state: 'Mój status',
    endsIn: 'Koniec za', status: 'Status', actions: 'Oferta', detail: 'Szczegóły', buyNow: 'Kup teraz', buyNowFor: 'Kup teraz za {{amount}}',
    observe: 'Obserwuj', unobserve: 'Przestań obserwować', observed: 'Obserwowana', minIncrement: 'Min. postąpienie', nextValid: 'Następna ważna oferta',
    countdownLabel: 'Pozostały czas pozycji {{plate}}', detailTitle: 'Pozycja {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Brak oferty', placing: 'Wysyłanie…', leading: 'Prowadzisz', outbid: 'Przebita', won: 'Wygrana', lost: 'Przegrana' },
  offer: {
    paused: 'Oferty wstrzymane do czasu przywrócenia połączenia: nic nie zostało wysłane. Złóż ofertę ponownie, gdy wróci.',
    amount: 'Twoja oferta na {{plate}}', submit: 'Licytuj', invalid: 'Wpisz kwotę w euro z maksymalnie 2 miejscami po przecinku.',
    belowMinimum: 'Minimalna kwota to {{amount}}.', retrying: 'Problem z połączeniem, ponawianie…', accepted: 'Oferta przyjęta: {{amount}}',
    confirmBuyNow: 'Kupić teraz {{brand}} {{model}} ({{plate}}) za {{amount}}? Zakup jest wiążący.',
  },
  regulation: {
    title: 'Regulamin aukcji',
    text: 'Oferty w tej aukcji są wiążące. Pozycję wygrywa najwyższa oferta w chwili jej zakończenia, o ile osiąga cenę minimalną. Oferta złożona w ostatnich sekundach przedłuża pozycję. Czy akceptujesz regulamin tej aukcji?',
    accept: 'Akceptuję',
    document: 'Przeczytaj regulamin tej aukcji (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Dodaj {{steps}} postąpień do oferty ({{amount}})', send: 'Wyślij ofertę', confirmFarAbove: 'Oferujesz {{amount}}, znacznie powyżej następnej ważnej oferty ({{minimum}}). Oferty są wiążące. Wysłać?', confirmRaiseOwn: 'Już prowadzisz w tym losie z ofertą {{current}}. Podnieść własną ofertę do {{amount}}?', confirmBuyNowInstead: '{{amount}} osiąga cenę „kup teraz”. Kupić zamiast tego {{brand}} {{model}} ({{plate}}) teraz za {{buyNow}}? Zakup jest wiążący.', accepted: 'Twoja oferta {{amount}} została przyjęta.', late: 'Twoja oferta {{amount}} dotarła po zamknięciu i nie została przyjęta.', refused: 'Twoja oferta {{amount}} nie została przyjęta: {{reason}}', extended: 'Przedłużono o {{duration}}: koniec o {{time}}', extendedShort: '+{{duration}}', stale: 'Utracono połączenie: te dane mogą być nieaktualne.' },
  dealer: { history: 'Oferty', historyEmpty: 'Brak ofert.', you: 'Ty', bidder: 'Licytant {{number}}', amount: 'Kwota', time: 'Czas', who: 'Licytant', viaBuyNow: 'kup teraz', reserveMet: 'Cena minimalna osiągnięta', reserveNotMet: 'Cena minimalna nieosiągnięta', noReserve: 'Bez ceny minimalnej', awaitingSeller: 'Oczekuje na decyzję sprzedającego', myBidsTitle: 'Moje oferty i wygrane', myBidsEmpty: 'Nie złożono jeszcze żadnej oferty.', outcome: 'Wynik', scheduledTitle: 'Zaplanowane aukcje', scheduledEmpty: 'Brak zaplanowanych aukcji.', starts: 'Początek', startsIn: 'Start za', navMyBids: 'Moje oferty' },
  observedPage: { title: 'Obserwowane pozycje', empty: 'Nie obserwujesz żadnej pozycji.', auction: 'Aukcja' },
  gallery: { title: 'Zdjęcia', none: 'Brak zdjęć tego pojazdu.', alt: '{{subject}}, zdjęcie {{number}} z {{total}}', previous: 'Poprzednie zdjęcie', next: 'Następne zdjęcie', position: 'Zdjęcie {{number}} z {{total}}', original: 'Otwórz oryginalne zdjęcie', keys: 'Strzałki, Home i End przełączają zdjęcia; na ekranie dotykowym przesuń palcem.', thumbnails: 'Wszystkie zdjęcia', show: 'Pokaż zdjęcie {{number}} z {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Karta danych', documents: 'Dokumenty', document: 'Dokument {{number}} (otwiera się w nowej karcie)', version: 'Wersja', firstRegistration: 'Pierwsza rejestracja', mileageKm: 'Przebieg', fuel: 'Paliwo', gearbox: 'Skrzynia biegów', powerKw: 'Moc', colour: 'Kolor', damageTotal: 'Suma szkód', area: 'Obszar', region: 'Region', fuels: { PETROL: 'Benzyna', DIESEL: 'Diesel', LPG: 'LPG', CNG: 'CNG', HYBRID: 'Hybryda', PLUG_IN_HYBRID: 'Hybryda plug-in', ELECTRIC: 'Elektryczny', HYDROGEN: 'Wodór', OTHER: 'Inne' }, gearboxes: { MANUAL: 'Manualna', AUTOMATIC: 'Automatyczna', SEMI_AUTOMATIC: 'Półautomatyczna' } },
};
