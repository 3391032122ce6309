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
    amount: 'Twoja oferta na {{plate}}', submit: 'Licytuj', invalid: 'Wpisz kwotę w euro z maksymalnie 2 miejscami po przecinku.',
    belowMinimum: 'Minimalna kwota to {{amount}}.', retrying: 'Problem z połączeniem, ponawianie…', accepted: 'Oferta przyjęta: {{amount}}',
    confirmBuyNow: 'Kupić teraz {{brand}} {{model}} ({{plate}}) za {{amount}}? Zakup jest wiążący.',
  },
  regulation: {
    title: 'Regulamin aukcji',
    text: 'Oferty w tej aukcji są wiążące. Pozycję wygrywa najwyższa oferta w chwili jej zakończenia, o ile osiąga cenę minimalną. Oferta złożona w ostatnich sekundach przedłuża pozycję. Czy akceptujesz regulamin tej aukcji?',
    accept: 'Akceptuję',
  },
  observedPage: { title: 'Obserwowane pozycje', empty: 'Nie obserwujesz żadnej pozycji.', auction: 'Aukcja' },
};
