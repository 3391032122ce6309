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
  columns: { date: 'Datum', channel: 'Kanaal', auctionName: 'Veiling', licensePlate: 'Kenteken', brand: 'Merk', model: 'Model', frame: 'Chassis', price: 'Prijs', rating: 'Beoordeling' },
  empty: 'Geen aankoop komt overeen met uw zoekopdracht.',
  count_one: '{{count}} aankoop',
  count_other: '{{count}} aankopen',
};
