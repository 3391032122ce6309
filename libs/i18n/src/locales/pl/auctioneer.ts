import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** Polish: the auctioneer's screens. To award a lot is „przyznać” (a decided lot is „rozstrzygnięta”), the reserve the „cena minimalna”. */
export const auctioneer: Translation<typeof en, 'few' | 'many'> = {
  types: { LEA: 'Leasing', MUL: 'Wielu sprzedawców', OTH: 'Inna' },
  management: {
    title: 'Moje aukcje', create: 'Nowa aukcja', status: 'Status', allStatuses: 'Wszystkie statusy', search: 'Szukaj po nazwie, numerze rej., marce lub modelu',
    searchPlaceholder: 'np. Zwroty flotowe, GA123BC', submit: 'Szukaj', reset: 'Wyczyść', empty: 'Nie znaleziono żadnej aukcji.', caption: 'Aukcje, którymi zarządzasz',
    name: 'Aukcja', market: 'Rynek', type: 'Typ', start: 'Początek', end: 'Koniec', lots: 'Pozycje', actions: 'Akcje', open: 'Otwórz',
    delete: 'Usuń', deleteLabel: 'Usuń aukcję {{name}}', confirmDelete: 'Usunąć aukcję „{{name}}”? Tej operacji nie można cofnąć.',
  },
  create: {
    title: 'Nowa aukcja', general: 'Aukcja', name: 'Nazwa aukcji', market: 'Rynek', type: 'Typ aukcji',
    regulationRequired: 'Dealerzy muszą zaakceptować regulamin przed złożeniem oferty', extension: 'Przedłużanie',
    windowSeconds: 'Okno przedłużenia (sekundy)', extendSeconds: 'Przedłuż o (sekundy)', extensionHint: 'Oferta złożona w ostatnich sekundach okna przesuwa koniec pozycji. 0 wyłącza przedłużanie.',
    start: 'Początek', end: 'Koniec', lots: 'Pozycje', addLot: 'Dodaj pozycję', pickVehicles: 'Wybierz pojazdy z magazynu', removeLot: 'Usuń', removeLotLabel: 'Usuń pozycję {{number}}',
    submit: 'Utwórz aukcję', cancel: 'Anuluj', invalid: 'Niektóre pola są nieprawidłowe. Popraw wyróżnione pola.', lotsCaption: 'Pozycje aukcji',
  },
  lotField: {
    number: 'Nr', plate: 'Nr rej.', frame: 'Nr nadwozia (VIN)', brand: 'Marka', model: 'Model', basePrice: 'Cena wywoławcza (€)', minIncrement: 'Min. postąpienie (€)',
    reservePrice: 'Cena minimalna (€)', buyNowPrice: 'Kup teraz (€)', fieldLabel: '{{field}}, pozycja {{number}}',
  },
  edit: { title: 'Edytuj aukcję', submit: 'Zapisz zmiany', notScheduled: 'Edytować można tylko zaplanowaną aukcję: ta ma status {{status}}.', open: 'Edytuj' },
  regulation: {
    title: 'Wiadomość i regulamin dla dealerów', hint: 'Dealerzy czytają wiadomość i dokument, zanim zaakceptują regulamin tej aukcji.',
    closed: 'Aukcja jest zamknięta: jej wiadomość i regulamin nie mogą się już zmienić.', message: 'Wiadomość do dealerów',
    remaining: 'Pozostało znaków: {{count}}', saveMessage: 'Zapisz wiadomość', messageSaved: 'Wiadomość do dealerów została zapisana.',
    document: 'Dokument regulaminu (PDF)', noDocument: 'Brak własnego dokumentu regulaminu.',
    upload: 'Prześlij dokument regulaminu (PDF, do 10 MB)', replace: 'Zastąp dokument (PDF, do 10 MB)',
    documentSaved: 'Dokument regulaminu został zapisany.', remove: 'Usuń dokument', confirmRemove: 'Usunąć dokument regulaminu tej aukcji?',
  },
  pickVehicles: {
    title: 'Pojazdy w magazynie', search: 'Szukaj', failed: 'Nie udało się wczytać pojazdów. Spróbuj ponownie.',
    none: 'Żaden opublikowany pojazd w magazynie nie pasuje.', caption: 'Pojazdy, które mogą trafić na aukcję', pick: 'Wybierz',
    photo: 'Zdjęcie', vehicle: 'Pojazd', mileage: 'Przebieg', registered: 'Pierwsza rejestracja', km: '{{km}} km',
    pickLabel: 'Wybierz pojazd {{plate}}', alreadyLabel: 'Pojazd {{plate}} jest już pozycją', previous: 'Poprzednie', next: 'Następne',
    range: '{{from}}–{{to}} z {{total}}', add: 'Dodaj jako pozycje ({{count}})',
  },
  picker: { date: 'Data (DD/MM/RRRR)', datePlaceholder: 'DD/MM/RRRR', hour: 'Godzina', minute: 'Minuty', time: 'Godzina (24 h)' },
  fieldErrors: {
    required: 'To pole jest wymagane.', tooLong: 'Ten tekst jest za długi.', invalid: 'Ta wartość jest nieprawidłowa.',
    amount: 'Wpisz kwotę dodatnią w euro z maksymalnie 2 miejscami po przecinku.', belowBase: 'Ta cena nie może być niższa niż cena wywoławcza.',
    noLots: 'Dodaj co najmniej jedną pozycję.', tooMany: 'Zbyt wiele pozycji.', date: 'Wpisz prawidłową datę w formacie DD/MM/RRRR.', seconds: 'Wpisz całkowitą liczbę sekund od 0 do 3600.',
    endBeforeStart: 'Koniec nie może być wcześniej niż początek.', endNotFuture: 'Koniec musi przypadać w przyszłości.',
  },
  details: {
    starts: 'Początek {{date}}', ends: 'Koniec {{date}}', endsIn: 'Pozostało', extension: 'Przedłużanie: okno {{window}}, +{{extend}}',
    extensionOff: 'Bez przedłużania', regulationRequired: 'Wymagana akceptacja regulaminu', back: 'Wszystkie moje aukcje', extend: 'Przedłuż czas', awardAll: 'Przyznaj wszystkie',
    confirmAwardAll: 'Przyznać wszystkie pozycje do rozstrzygnięcia, których najlepsza oferta osiąga cenę minimalną?', lotsCaption: 'Pozycje i ich stan',
    countdownLabel: 'Pozostały czas aukcji',
  },
  lot: {
    number: 'Nr', plate: 'Nr rej.', brand: 'Marka', model: 'Model', base: 'Cena wyw.', reserve: 'Cena min.', best: 'Najlepsza oferta', offers: 'Oferty',
    status: 'Status', endsIn: 'Koniec za', actions: 'Akcje', award: 'Przyznaj', notAward: 'Nie przyznawaj', revert: 'Cofnij',
    awardLabel: 'Przyznaj pozycję {{plate}}', notAwardLabel: 'Nie przyznawaj pozycji {{plate}}', revertLabel: 'Cofnij rozstrzygnięcie pozycji {{plate}}',
    confirmNotAward: 'Zamknąć pozycję {{plate}} bez przyznania?', confirmRevert: 'Przywrócić pozycję {{plate}} do rozstrzygnięcia?',
    countdownLabel: 'Pozostały czas pozycji {{plate}}', buyNowNoRevert: 'Kupiona przez Kup teraz: nie można cofnąć',
  },
  ownerState: { watching: 'Na żywo', toAward: 'Do rozstrzygnięcia', awarded: 'Przyznana', notAwarded: 'Nieprzyznana' },
  award: {
    title: 'Przyznaj pozycję {{plate}}', choose: 'Wybierz zwycięską ofertę (najlepsza na górze)', timesIn: 'czas: {{zone}}', option: '{{amount}} od {{username}}, {{time}}',
    clickAndBuy: 'kup teraz', belowReserve: 'poniżej ceny min.', none: 'Ta pozycja nie ma ofert do przyznania.', submit: 'Przyznaj', cancel: 'Anuluj',
  },
  extend: {
    title: 'Przedłuż aukcję', start: 'Początek', startDate: 'Data rozpoczęcia', startTime: 'Godzina rozpoczęcia', newEnd: 'Nowy koniec', submit: 'Przedłuż', cancel: 'Anuluj',
    hint: 'Sekundy są zerowane.',
  },
  report: {
    title: 'Raport ofert', refresh: 'Odśwież', idOffer: 'ID oferty', lot: 'Pozycja', amount: 'Kwota', dealer: 'Dealer', time: 'Czas',
    clickAndBuy: 'Kup teraz', yes: 'Tak', no: 'Nie', csv: 'Pobierz CSV', xlsx: 'Pobierz XLSX', empty: 'Nie ma jeszcze ofert.', caption: 'Wszystkie przyjęte oferty w kolejności wpływu',
  },
  outcome: {
    awardAll: 'Przyznano {{awarded}} z {{total}}', awardAllWhy: 'Przyznano {{awarded}} z {{total}}: {{why}}', belowReserve: '{{plates}} poniżej ceny minimalnej',
    noOffers: '{{plates}} bez ofert', nothingToAward: 'Żadna pozycja nie czekała na przyznanie.', awarded: 'Pozycję {{plate}} przyznano {{username}} za {{amount}}.',
    notAwarded: 'Pozycję {{plate}} oznaczono jako nieprzyznaną.', reverted: 'Cofnięto przyznanie pozycji {{plate}}: pozycja znów czeka na przyznanie.',
    extended: 'Aukcja kończy się teraz {{date}}.', created: 'Utworzono aukcję „{{name}}”.', edited: 'Aukcja „{{name}}” zapisana.', deleted: 'Usunięto aukcję „{{name}}”.',
  },
  export: {
    sheet: 'Oferty', lotNumber: 'Nr pozycji', plate: 'Nr rejestracyjny', vehicle: 'Pojazd', amount: 'Kwota (EUR)', dealer: 'Kupujący', time: 'Czas ({{zone}})',
    clickAndBuy: 'Kup teraz', awardStatus: 'Status przyznania', winner: 'Zwycięzca', yes: 'Tak', no: 'Nie', TBA: 'Do przyznania', AWA: 'Przyznana', NAW: 'Nieprzyznana', lost: 'Nieprzyznana (przebita)',
  },
  offers: { open: 'Oferty', title: 'Oferty: {{name}}', back: 'Powrót do aukcji', loading: 'Ładowanie…', noLot: 'Ten lot nie należy do tej aukcji.', awarded: 'Przyznana', best: 'Najlepsza oferta', mark: 'Uwaga', lotTitle: 'Oferty na lot {{number}}: {{brand}} {{model}}', all: 'Wszystkie oferty aukcji', buyer: 'Kupujący', lotCaption: 'Oferty na {{plate}} w kolejności otrzymania' },
  buyer: { title: 'Kupujący lot {{number}}: {{brand}} {{model}}', back: 'Oferty na ten lot', notAwarded: 'Ten lot nie ma kupującego: {{status}}.', unknown: 'Nie znaleziono zwycięskiej oferty.', username: 'Dealer', price: 'Cena', offeredAt: 'Złożona' },
};
