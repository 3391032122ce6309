import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** Dutch (also served to Belgium): the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Aankopen',
  filters: {
    legend: 'Aankopen zoeken',
    auctionName: 'Naam van de veiling',
    channel: 'Kanaal',
    anyChannel: 'Alle',
    frame: 'Chassisnummer',
    fromDate: 'Van (DD/MM/JJJJ)',
    toDate: 'Tot (DD/MM/JJJJ)',
    idUserDealer: 'Gebruikers-ID handelaar',
    idVehicle: 'Voertuig-ID',
    licensePlate: 'Kenteken',
    invalidDate: 'Voer een datum in als DD/MM/JJJJ.',
    rangeInvalid: 'De einddatum mag niet vóór de begindatum liggen.',
  },
  channel: { AUCTION: 'Veiling', SHOWCASE: 'Etalage' },
  columns: { date: 'Datum', channel: 'Kanaal', auctionName: 'Veiling', licensePlate: 'Kenteken', brand: 'Merk', model: 'Model', frame: 'Chassis', price: 'Prijs', payment: 'Betaling', rating: 'Beoordeling' },
  empty: 'Geen aankoop komt overeen met uw zoekopdracht.',
  count_one: '{{count}} aankoop',
  count_other: '{{count}} aankopen',
  payment: {
    status: { UNPAID: 'Niet betaald', PENDING: 'Betaling in behandeling', FAILED: 'Betaling mislukt', PAID: 'Betaald' },
    pay: 'Betalen',
    payAgain: 'Opnieuw betalen',
    payOf: '{{subject}} betalen',
    opening: 'De betaalpagina wordt geopend…',
  },
  paymentResult: {
    successTitle: 'Betaling voltooid',
    errorTitle: 'Betaling niet voltooid',
    outcome: 'Resultaat',
    message: 'Bericht',
    none: 'Geen details opgegeven.',
    back: 'Terug naar aankopen',
    errorHint: 'U kunt het opnieuw proberen vanuit uw aankopen.',
  },
};
