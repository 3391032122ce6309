import type { ElementDef } from '../code-element.js';

/** System roles (USER, ADMIN, CUSTOMER_CENTER), in the order of the spec. */
const SYSTEM_ROLES: readonly ElementDef[] = [
  { code: 'USER', ranking: 1, des: { en: 'User', it: 'Utente', de: 'Benutzer', fr: 'Utilisateur', es: 'Usuario', nl: 'Gebruiker', pl: 'Użytkownik', pt: 'Utilizador' } },
  { code: 'ADMIN', ranking: 2, des: { en: 'Administrator', it: 'Amministratore', de: 'Administrator', fr: 'Administrateur', es: 'Administrador', nl: 'Beheerder', pl: 'Administrator', pt: 'Administrador' } },
  { code: 'CUSTOMER_CENTER', ranking: 3, des: { en: 'Customer centre', it: 'Servizio clienti', de: 'Kundenservice', fr: 'Service client', es: 'Atención al cliente', nl: 'Klantenservice', pl: 'Obsługa klienta', pt: 'Apoio ao cliente' } },
];

/** Auction roles: what a user may do in auctions and the showcase. */
const AUCTION_ROLES: readonly ElementDef[] = [
  { code: 'AUCTIONEER', ranking: 4, des: { en: 'Auctioneer', it: 'Banditore', de: 'Auktionator', fr: "Organisateur d'enchères", es: 'Subastador', nl: 'Veilingmeester', pl: 'Organizator aukcji', pt: 'Leiloeiro' } },
  { code: 'MULTI_AUCTIONEER', ranking: 5, des: { en: 'Multi-auctioneer', it: 'Multi-banditore', de: 'Multi-Auktionator', fr: "Organisateur multi-enchères", es: 'Multisubastador', nl: 'Multi-veilingmeester', pl: 'Multiorganizator aukcji', pt: 'Multileiloeiro' } },
  { code: 'LOADER', ranking: 6, des: { en: 'Vehicle loader', it: 'Caricatore veicoli', de: 'Fahrzeugerfasser', fr: 'Opérateur de saisie des véhicules', es: 'Operador de carga de vehículos', nl: 'Voertuiginvoerder', pl: 'Operator wprowadzania pojazdów', pt: 'Operador de carregamento de veículos' } },
  { code: 'EXHIBITOR', ranking: 7, des: { en: 'Exhibitor', it: 'Espositore', de: 'Aussteller', fr: 'Exposant', es: 'Expositor', nl: 'Exposant', pl: 'Wystawca', pt: 'Expositor' } },
  { code: 'BUYER', ranking: 8, des: { en: 'Buyer', it: 'Acquirente', de: 'Käufer', fr: 'Acheteur', es: 'Comprador', nl: 'Koper', pl: 'Kupujący', pt: 'Comprador' } },
  { code: 'VISITOR', ranking: 9, des: { en: 'Visitor', it: 'Visitatore', de: 'Besucher', fr: 'Visiteur', es: 'Visitante', nl: 'Bezoeker', pl: 'Odwiedzający', pt: 'Visitante' } },
];

/** ROLE: every role of the domain's ROLES, system roles first. */
export const ROLE: readonly ElementDef[] = [...SYSTEM_ROLES, ...AUCTION_ROLES];

/**
 * PERMISSION: what an administrator grants or takes away from a user (spec: add or remove a permission by permission
 * and user id) and what the role picker offers: the auction roles.
 */
export const PERMISSION: readonly ElementDef[] = AUCTION_ROLES;
