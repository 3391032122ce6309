import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** French (also served to Luxembourg): shared words. Colons are avoided, so no no-break space is needed before them. */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Enchères en cours', observed: 'Lots suivis', purchases: 'Achats', showcase: 'Vitrine', myLot: 'Mon lot', sold: 'Vendus', management: 'Gestion des enchères', createAuction: 'Nouvelle enchère', logout: 'Se déconnecter', skipToContent: 'Aller au contenu', mainMenu: 'Menu principal' },
  language: { label: 'Langue', country: 'Pays', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Confirmer', cancel: 'Annuler', close: 'Fermer', ok: 'OK', successTitle: 'Terminé', errorTitle: 'Erreur', warningTitle: 'Avertissement', confirmTitle: 'Confirmation requise', successText: 'L’opération a été effectuée.' },
  spinner: { loading: 'Chargement…' },
  connection: { connecting: 'Connexion aux mises à jour en direct…', connected: 'En direct', disconnected: 'Connexion perdue', retrying: 'Nouvelle tentative dans {{seconds}} s…' },
  live: { serverLost: 'Le serveur ne répond pas', lostServer: 'Le serveur ne répond pas : les prix peuvent ne plus être à jour et les offres sont suspendues. La page se reconnecte d’elle-même dès qu’il répond.', offline: 'Hors ligne', retryingIn: 'Nouvelle tentative dans {{seconds}} s', retryingNow: 'Reconnexion', lost: 'Connexion perdue : les prix peuvent ne plus être à jour. Les offres sont suspendues jusqu’à son retour.', reconnect: 'Se reconnecter', outbid: 'Votre offre a été dépassée : la meilleure offre est maintenant {{amount}} (la vôtre : {{yours}}).', outbidTitle: 'Offre dépassée', outbidNotices: 'Avis d’offre dépassée', outbidLot: 'Lot {{number}} : {{vehicle}}', openLotOf: 'Ouvrir le lot de {{vehicle}}', openLot: 'Ouvrir le lot', dismiss: 'Masquer', tabTitle: '({{count}}) Dépassée' },
  status: { SCH: 'Programmée', RUN: 'En cours', CLD: 'Clôturée', AWA: 'Adjugée', TBA: 'À adjuger', NAW: 'Non adjugée' },
  time: { days: '{{count}} j', ended: 'Terminée', startsIn: 'Commence dans', zone: 'Heures en {{zone}}' },
  actions: { search: 'Rechercher', reset: 'Réinitialiser', back: 'Retour', save: 'Enregistrer' },
  empty: 'Aucun élément à afficher.',
};
