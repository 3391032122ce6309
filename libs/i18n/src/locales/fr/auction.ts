import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/**
 * French: the dealer's auction screens. A bid is an « offre », the award an « adjudication », buy now « Achat immédiat ».
 * Colons are avoided; a question mark follows a narrow no-break space (\u202f), as French typography wants.
 */
export const auction: Translation<typeof en> = {
  title: 'Enchères en cours',
  search: { label: 'Rechercher une immatriculation, une marque, un modèle ou une enchère', placeholder: 'ex. GA123BC, Fiat 500', submit: 'Rechercher', clear: 'Effacer' },
  list: { name: 'Enchère', market: 'Marché', lots: 'Lots', ends: 'Fin', endsIn: 'Temps restant', status: 'Statut', open: 'Ouvrir', empty: 'Aucune enchère n’est en cours actuellement.' },
  page: { starts: 'Début le {{date}}', ends: 'Fin le {{date}}', lotsCount: '{{count}} lot(s)', regulationRequired: 'Règlement à accepter', back: 'Toutes les enchères en cours', notFound: 'Cette enchère n’existe pas.' },
  lot: {
    number: 'N°', plate: 'Immat.', vehicle: 'Véhicule', base: 'Prix de départ', best: 'Meilleure offre', offers: 'Offres', mine: 'Mon offre', state: 'Ma position',
    endsIn: 'Fin dans', status: 'Statut', actions: 'Offre', detail: 'Détails', buyNow: 'Achat immédiat', buyNowFor: 'Acheter immédiatement pour {{amount}}',
    observe: 'Suivre', unobserve: 'Ne plus suivre', observed: 'Suivi', minIncrement: 'Pas min.', nextValid: 'Prochaine offre valide',
    countdownLabel: 'Temps restant pour le lot {{plate}}', detailTitle: 'Lot {{number}} – {{brand}} {{model}}',
  },
  my: { noOffer: 'Aucune offre', placing: 'Envoi…', leading: 'En tête', outbid: 'Dépassée', won: 'Remporté', lost: 'Perdu' },
  offer: {
    paused: 'Offres suspendues tant que la connexion est perdue : rien n’est envoyé. Refaites votre offre dès son retour.',
    amount: 'Votre offre pour {{plate}}', submit: 'Enchérir', invalid: 'Saisissez un montant en euros avec au plus 2 décimales.',
    belowMinimum: 'Le minimum est de {{amount}}.', retrying: 'Problème de connexion, nouvelle tentative…', accepted: 'Offre acceptée – {{amount}}',
    confirmBuyNow: 'Acheter immédiatement {{brand}} {{model}} ({{plate}}) pour {{amount}}\u202f? Cet achat est ferme et définitif.',
  },
  regulation: {
    title: 'Règlement de l’enchère',
    text: 'Les offres de cette enchère sont fermes. À la clôture d’un lot, la meilleure offre l’emporte, sous réserve d’atteindre le prix de réserve. Une offre dans les dernières secondes prolonge le lot. Acceptez-vous le règlement de cette enchère\u202f?',
    accept: 'Accepter',
    document: 'Lire le règlement de cette enchère (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Ajouter {{steps}} paliers à l’offre ({{amount}})', send: 'Envoyer l’offre', confirmFarAbove: 'Vous offrez {{amount}}, bien au-dessus de la prochaine offre valable ({{minimum}}). Les offres sont fermes. L’envoyer ?', confirmRaiseOwn: 'Vous êtes déjà en tête sur ce lot avec {{current}}. Relever votre propre offre à {{amount}} ?', confirmBuyNowInstead: '{{amount}} atteint le prix d’achat immédiat. Acheter plutôt {{brand}} {{model}} ({{plate}}) maintenant pour {{buyNow}} ? L’achat est ferme.', accepted: 'Votre offre de {{amount}} a été acceptée.', late: 'Votre offre de {{amount}} est arrivée après la clôture et n’a pas été retenue.', refused: 'Votre offre de {{amount}} n’a pas été retenue : {{reason}}', extended: 'Prolongé de {{duration}} : se termine maintenant à {{time}}', extendedShort: '+{{duration}}', stale: 'Connexion perdue : ces chiffres peuvent ne plus être à jour.' },
  dealer: { history: 'Offres', historyEmpty: 'Aucune offre pour l’instant.', you: 'Vous', bidder: 'Enchérisseur {{number}}', amount: 'Montant', time: 'Heure', who: 'Enchérisseur', viaBuyNow: 'achat immédiat', reserveMet: 'Prix de réserve atteint', reserveNotMet: 'Prix de réserve non atteint', noReserve: 'Sans prix de réserve', awaitingSeller: 'En attente de la décision du vendeur', myBidsTitle: 'Mes offres et adjudications', myBidsEmpty: 'Vous n’avez encore fait aucune offre.', outcome: 'Résultat', scheduledTitle: 'Enchères programmées', scheduledEmpty: 'Aucune enchère programmée.', starts: 'Début', startsIn: 'Commence dans', navMyBids: 'Mes offres' },
  observedPage: { title: 'Lots suivis', empty: 'Vous ne suivez aucun lot.', auction: 'Enchère' },
  gallery: { title: 'Photos', none: 'Aucune photo de ce véhicule.', alt: '{{subject}}, photo {{number}} sur {{total}}', previous: 'Photo précédente', next: 'Photo suivante', position: 'Photo {{number}} sur {{total}}', original: 'Ouvrir la photo originale', keys: 'Les flèches, Début et Fin parcourent les photos ; sur écran tactile, balayez.', thumbnails: 'Toutes les photos', show: 'Afficher la photo {{number}} sur {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Fiche technique', documents: 'Documents', document: 'Document {{number}} (s’ouvre dans un nouvel onglet)', version: 'Version', firstRegistration: 'Première immatriculation', mileageKm: 'Kilométrage', fuel: 'Carburant', gearbox: 'Boîte de vitesses', powerKw: 'Puissance', colour: 'Couleur', damageTotal: 'Total des dommages', area: 'Zone', region: 'Région', fuels: { PETROL: 'Essence', DIESEL: 'Diesel', LPG: 'GPL', CNG: 'GNV', HYBRID: 'Hybride', PLUG_IN_HYBRID: 'Hybride rechargeable', ELECTRIC: 'Électrique', HYDROGEN: 'Hydrogène', OTHER: 'Autre' }, gearboxes: { MANUAL: 'Manuelle', AUTOMATIC: 'Automatique', SEMI_AUTOMATIC: 'Semi-automatique' } },
};
