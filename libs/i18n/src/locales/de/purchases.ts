import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** German: the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Käufe',
  filters: {
    legend: 'Käufe suchen',
    auctionName: 'Name der Auktion',
    channel: 'Kanal',
    anyChannel: 'Alle',
    frame: 'Fahrgestellnummer',
    fromDate: 'Von (TT/MM/JJJJ)',
    toDate: 'Bis (TT/MM/JJJJ)',
    idUserDealer: 'Händler-Benutzer-ID',
    idVehicle: 'Fahrzeug-ID',
    licensePlate: 'Kennzeichen',
    invalidDate: 'Geben Sie ein Datum im Format TT/MM/JJJJ ein.',
    rangeInvalid: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  },
  channel: { AUCTION: 'Auktion', SHOWCASE: 'Schaufenster' },
  columns: { date: 'Datum', channel: 'Kanal', auctionName: 'Auktion', licensePlate: 'Kennzeichen', brand: 'Marke', model: 'Modell', frame: 'FIN', price: 'Preis', payment: 'Zahlung', rating: 'Bewertung' },
  empty: 'Kein Kauf entspricht Ihrer Suche.',
  count_one: '{{count}} Kauf',
  count_other: '{{count}} Käufe',
  payment: {
    status: { UNPAID: 'Nicht bezahlt', PENDING: 'Zahlung ausstehend', FAILED: 'Zahlung fehlgeschlagen', PAID: 'Bezahlt' },
    pay: 'Bezahlen',
    payAgain: 'Erneut bezahlen',
    payOf: '{{subject}} bezahlen',
    opening: 'Die Zahlungsseite wird geöffnet…',
  },
  paymentResult: {
    successTitle: 'Zahlung abgeschlossen',
    errorTitle: 'Zahlung nicht abgeschlossen',
    outcome: 'Ergebnis',
    message: 'Nachricht',
    none: 'Keine Angaben.',
    back: 'Zurück zu den Käufen',
    errorHint: 'Sie können es in Ihren Käufen erneut versuchen.',
  },
};
