import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** French: the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Achats',
  filters: {
    legend: 'Rechercher des achats',
    auctionName: 'Nom de l’enchère',
    channel: 'Canal',
    anyChannel: 'Tous',
    frame: 'Numéro de châssis',
    fromDate: 'Du (JJ/MM/AAAA)',
    toDate: 'Au (JJ/MM/AAAA)',
    idUserDealer: 'ID utilisateur du professionnel',
    idVehicle: 'ID véhicule',
    licensePlate: 'Immatriculation',
    invalidDate: 'Saisissez une date au format JJ/MM/AAAA.',
    rangeInvalid: 'La date de fin ne peut pas précéder la date de début.',
  },
  channel: { AUCTION: 'Enchère', SHOWCASE: 'Vitrine' },
  columns: { date: 'Date', channel: 'Canal', auctionName: 'Enchère', licensePlate: 'Immat.', brand: 'Marque', model: 'Modèle', frame: 'Châssis', price: 'Prix', payment: 'Paiement', rating: 'Note' },
  empty: 'Aucun achat ne correspond à votre recherche.',
  count_one: '{{count}} achat',
  count_other: '{{count}} achats',
  payment: {
    status: { UNPAID: 'Non payé', PENDING: 'Paiement en attente', FAILED: 'Paiement échoué', PAID: 'Payé' },
    pay: 'Payer',
    payAgain: 'Payer à nouveau',
    payOf: 'Payer {{subject}}',
    opening: 'Ouverture de la page de paiement…',
  },
  paymentResult: {
    successTitle: 'Paiement effectué',
    errorTitle: 'Paiement non effectué',
    outcome: 'Résultat',
    message: 'Message du prestataire',
    none: 'Aucun détail fourni.',
    back: 'Retour aux achats',
    errorHint: 'Vous pouvez réessayer depuis vos achats.',
  },
};
