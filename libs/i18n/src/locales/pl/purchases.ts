import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** Polish: the purchase summary. Counts take three forms: 1 zakup, 2–4 zakupy, 5–21 zakupów (and „zakupu” for fractions). */
export const purchases: Translation<typeof en, 'few' | 'many'> = {
  title: 'Zakupy',
  filters: {
    legend: 'Szukaj zakupów',
    auctionName: 'Nazwa aukcji',
    channel: 'Kanał',
    anyChannel: 'Wszystkie',
    frame: 'Numer VIN',
    fromDate: 'Od (DD/MM/RRRR)',
    toDate: 'Do (DD/MM/RRRR)',
    idUserDealer: 'ID użytkownika dealera',
    idVehicle: 'ID pojazdu',
    licensePlate: 'Numer rejestracyjny',
    invalidDate: 'Wpisz datę w formacie DD/MM/RRRR.',
    rangeInvalid: 'Data końcowa nie może być wcześniejsza niż data początkowa.',
  },
  channel: { AUCTION: 'Aukcja', SHOWCASE: 'Witryna' },
  columns: { date: 'Data', channel: 'Kanał', auctionName: 'Aukcja', licensePlate: 'Nr rej.', brand: 'Marka', model: 'Model', frame: 'VIN', price: 'Cena', payment: 'Płatność', rating: 'Ocena' },
  empty: 'Żaden zakup nie pasuje do wyszukiwania.',
  count_one: '{{count}} zakup',
  count_few: '{{count}} zakupy',
  count_many: '{{count}} zakupów',
  count_other: '{{count}} zakupu',
  payment: {
    status: { UNPAID: 'Nieopłacone', PENDING: 'Płatność w toku', FAILED: 'Płatność nieudana', PAID: 'Opłacone' },
    pay: 'Zapłać',
    payAgain: 'Zapłać ponownie',
    payOf: 'Zapłać: {{subject}}',
    opening: 'Otwieranie strony płatności…',
  },
  paymentResult: {
    successTitle: 'Płatność zakończona',
    errorTitle: 'Płatność niezakończona',
    outcome: 'Wynik',
    message: 'Wiadomość',
    none: 'Nie podano szczegółów.',
    back: 'Powrót do zakupów',
    errorHint: 'Możesz spróbować ponownie w swoich zakupach.',
  },
};
