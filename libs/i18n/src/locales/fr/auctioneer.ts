import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/**
 * French: the auctioneer's screens. To award is « adjuger » (the award: « adjudication »), the reserve the « prix de réserve ».
 * Colons are avoided; a question mark follows a narrow no-break space (\u202f), as French typography wants.
 */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Multi-vendeurs', OTH: 'Autre' },
  management: {
    title: 'Mes enchères', create: 'Nouvelle enchère', status: 'Statut', allStatuses: 'Tous les statuts', search: 'Rechercher un nom, une immatriculation, une marque ou un modèle',
    searchPlaceholder: 'ex. Retours de flotte, GA123BC', submit: 'Rechercher', reset: 'Réinitialiser', empty: 'Aucune enchère trouvée.', caption: 'Enchères que vous gérez',
    name: 'Enchère', market: 'Marché', type: 'Type', start: 'Début', end: 'Fin', lots: 'Lots', actions: 'Actions', open: 'Ouvrir',
    delete: 'Supprimer', deleteLabel: 'Supprimer l’enchère {{name}}', confirmDelete: 'Supprimer l’enchère «\u00a0{{name}}\u00a0»\u202f? Cette action est irréversible.',
  },
  create: {
    title: 'Nouvelle enchère', general: 'Enchère', name: 'Nom de l’enchère', market: 'Marché', type: 'Type d’enchère',
    regulationRequired: 'Les professionnels doivent accepter le règlement avant de faire une offre', extension: 'Prolongation',
    windowSeconds: 'Fenêtre de prolongation (secondes)', extendSeconds: 'Prolonger de (secondes)', extensionHint: 'Une offre reçue dans les dernières secondes de la fenêtre repousse la fin du lot. 0 désactive la prolongation.',
    start: 'Début', end: 'Fin', lots: 'Lots', addLot: 'Ajouter un lot', pickVehicles: 'Choisir des véhicules du stock', removeLot: 'Retirer', removeLotLabel: 'Retirer le lot {{number}}',
    submit: 'Créer l’enchère', cancel: 'Annuler', invalid: 'Certains champs ne sont pas valides. Corrigez les champs signalés.', lotsCaption: 'Lots de l’enchère',
  },
  lotField: {
    number: 'N°', plate: 'Immat.', frame: 'Châssis (VIN)', brand: 'Marque', model: 'Modèle', basePrice: 'Prix de départ (€)', minIncrement: 'Pas min. (€)',
    reservePrice: 'Réserve (€)', buyNowPrice: 'Achat immédiat (€)', fieldLabel: '{{field}}, lot {{number}}',
  },
  edit: { title: 'Modifier l’enchère', submit: 'Enregistrer les modifications', notScheduled: 'Seule une enchère programmée peut être modifiée : celle-ci est {{status}}.', open: 'Modifier' },
  regulation: {
    title: 'Message et règlement pour les marchands',
    hint: 'Les marchands lisent le message et le document avant d’accepter le règlement de cette enchère.',
    closed: 'L’enchère est close : son message et son règlement ne peuvent plus changer.', message: 'Message aux marchands',
    remaining: 'Caractères restants : {{count}}', saveMessage: 'Enregistrer le message',
    messageSaved: 'Le message aux marchands est enregistré.', document: 'Document du règlement (PDF)',
    noDocument: 'Pas de document de règlement propre.', upload: 'Déposer un document de règlement (PDF, 10 Mo max.)',
    replace: 'Remplacer le document (PDF, 10 Mo max.)', documentSaved: 'Le document du règlement est enregistré.',
    remove: 'Retirer le document', confirmRemove: 'Retirer le document de règlement de cette enchère ?',
  },
  pickVehicles: {
    title: 'Véhicules en stock', search: 'Rechercher', failed: 'Les véhicules n’ont pas pu être chargés. Réessayez.',
    none: 'Aucun véhicule publié en stock ne correspond.', caption: 'Véhicules pouvant entrer dans l’enchère', pick: 'Choisir',
    photo: 'Photo', vehicle: 'Véhicule', mileage: 'Kilométrage', registered: 'Première immatriculation', km: '{{km}} km',
    pickLabel: 'Choisir le véhicule {{plate}}', alreadyLabel: 'Le véhicule {{plate}} est déjà un lot', previous: 'Précédents',
    next: 'Suivants', range: '{{from}}–{{to}} sur {{total}}', add: 'Ajouter comme lots ({{count}})',
  },
  picker: { date: 'Date (JJ/MM/AAAA)', datePlaceholder: 'JJ/MM/AAAA', hour: 'Heure', minute: 'Minutes', time: 'Heure (24 h)' },
  fieldErrors: {
    required: 'Ce champ est obligatoire.', tooLong: 'Ce texte est trop long.', invalid: 'Cette valeur n’est pas valide.',
    amount: 'Saisissez un montant positif en euros avec au plus 2 décimales.', belowBase: 'Ce prix ne peut pas être inférieur au prix de départ.',
    noLots: 'Ajoutez au moins un lot.', tooMany: 'Trop de lots.', date: 'Saisissez une date valide au format JJ/MM/AAAA.', seconds: 'Saisissez un nombre entier de secondes entre 0 et 3600.',
    endBeforeStart: 'La fin ne peut pas précéder le début.', endNotFuture: 'La fin doit être dans le futur.',
  },
  details: {
    starts: 'Début le {{date}}', ends: 'Fin le {{date}}', endsIn: 'Temps restant', extension: 'Prolongation de +{{extend}}, fenêtre de {{window}}',
    extensionOff: 'Pas de prolongation', regulationRequired: 'Règlement à accepter', back: 'Toutes mes enchères', extend: 'Prolonger', awardAll: 'Tout adjuger',
    confirmAwardAll: 'Adjuger tous les lots à adjuger dont la meilleure offre atteint le prix de réserve\u202f?', lotsCaption: 'Lots et leur état',
    countdownLabel: 'Temps restant de l’enchère',
  },
  lot: {
    number: 'N°', plate: 'Immat.', brand: 'Marque', model: 'Modèle', base: 'Départ', reserve: 'Réserve', best: 'Meilleure offre', offers: 'Offres',
    status: 'Statut', endsIn: 'Fin dans', actions: 'Actions', award: 'Adjuger', notAward: 'Ne pas adjuger', revert: 'Révoquer',
    awardLabel: 'Adjuger le lot {{plate}}', notAwardLabel: 'Ne pas adjuger le lot {{plate}}', revertLabel: 'Révoquer l’adjudication du lot {{plate}}',
    confirmNotAward: 'Marquer le lot {{plate}} comme non adjugé\u202f?', confirmRevert: 'Remettre le lot {{plate}} à adjuger\u202f?',
    countdownLabel: 'Temps restant pour le lot {{plate}}', buyNowNoRevert: 'Acheté en achat immédiat, annulation impossible',
  },
  ownerState: { watching: 'En direct', toAward: 'À adjuger', awarded: 'Adjugé', notAwarded: 'Non adjugé' },
  award: {
    title: 'Adjuger le lot {{plate}}', choose: 'Choisissez l’offre gagnante (la meilleure en premier)', timesIn: 'heures en {{zone}}', option: '{{amount}} par {{username}}, {{time}}',
    clickAndBuy: 'achat immédiat', belowReserve: 'sous la réserve', none: 'Ce lot n’a aucune offre à adjuger.', submit: 'Adjuger', cancel: 'Annuler',
  },
  extend: {
    title: 'Prolonger l’enchère', start: 'Début', startDate: 'Date de début', startTime: 'Heure de début', newEnd: 'Nouvelle fin', submit: 'Prolonger', cancel: 'Annuler',
    hint: 'Les secondes sont remises à zéro.',
  },
  report: {
    title: 'Rapport des offres', refresh: 'Actualiser', idOffer: 'ID de l’offre', lot: 'Lot', amount: 'Montant', dealer: 'Professionnel', time: 'Heure',
    clickAndBuy: 'Achat immédiat', yes: 'Oui', no: 'Non', csv: 'Télécharger le CSV', xlsx: 'Télécharger le XLSX', empty: 'Aucune offre pour l’instant.', caption: 'Toutes les offres acceptées, dans l’ordre de réception',
  },
  outcome: {
    awardAll: '{{awarded}} sur {{total}} adjugés', awardAllWhy: '{{awarded}} sur {{total}} adjugés\u202f: {{why}}', belowReserve: '{{plates}} sous la réserve',
    noOffers: '{{plates}} sans offre', nothingToAward: 'Aucun lot n’attendait d’être adjugé.', awarded: 'Lot {{plate}} adjugé à {{username}} pour {{amount}}.',
    notAwarded: 'Lot {{plate}} marqué non adjugé.', reverted: 'Adjudication du lot {{plate}} révoquée\u202f: le lot est de nouveau à adjuger.',
    extended: 'L’enchère se termine désormais le {{date}}.', created: 'Enchère «\u00a0{{name}}\u00a0» créée.', edited: 'Enchère « {{name}} » enregistrée.', deleted: 'Enchère «\u00a0{{name}}\u00a0» supprimée.',
  },
  export: {
    sheet: 'Offres', lotNumber: 'N° de lot', plate: 'Immatriculation', vehicle: 'Véhicule', amount: 'Montant (EUR)', dealer: 'Professionnel', time: 'Heure ({{zone}})',
    clickAndBuy: 'Achat immédiat', awardStatus: 'Adjudication', winner: 'Adjudicataire', yes: 'Oui', no: 'Non', TBA: 'À adjuger', AWA: 'Adjugé', NAW: 'Non adjugé', lost: 'Non adjugé (surenchéri)',
  },
  offers: { open: 'Offres', title: 'Offres : {{name}}', back: 'Retour à l’enchère', loading: 'Chargement…', noLot: 'Ce lot n’est pas dans cette enchère.', awarded: 'Adjugée', best: 'Meilleure offre', mark: 'Note', lotTitle: 'Offres sur le lot {{number}} : {{brand}} {{model}}', all: 'Toutes les offres de l’enchère', buyer: 'Acheteur', lotCaption: 'Offres sur {{plate}}, dans l’ordre de réception' },
  buyer: { title: 'Acheteur du lot {{number}} : {{brand}} {{model}}', back: 'Offres sur ce lot', notAwarded: 'Ce lot n’a pas d’acheteur : {{status}}.', unknown: 'L’offre gagnante est introuvable.', username: 'Concessionnaire', price: 'Prix', offeredAt: 'Offre faite le' },
};
