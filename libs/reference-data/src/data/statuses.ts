import type { ElementDef } from '../code-element.js';

// The statuses read as the screens already show them: the texts equal @auction/i18n's `common.status`,
// `purchases.channel` and `showcase.state` (statuses.unit.spec.ts checks it), so a status reads the same in a
// dropdown fed by the code tables and in a table column translated by the web client.

/** AUCTION_STATUS: SCH scheduled, RUN running, CLD closed, AWA awarded (the domain's AUCTION_STATUSES), in life order. */
export const AUCTION_STATUS: readonly ElementDef[] = [
  { code: 'SCH', ranking: 1, des: { en: 'Scheduled', it: 'Programmata', de: 'Geplant', fr: 'Programmée', es: 'Programada', nl: 'Gepland', pl: 'Zaplanowana', pt: 'Agendado' } },
  { code: 'RUN', ranking: 2, des: { en: 'Running', it: 'In corso', de: 'Läuft', fr: 'En cours', es: 'En curso', nl: 'Lopend', pl: 'Trwa', pt: 'Em curso' } },
  { code: 'CLD', ranking: 3, des: { en: 'Closed', it: 'Chiusa', de: 'Geschlossen', fr: 'Clôturée', es: 'Cerrada', nl: 'Gesloten', pl: 'Zamknięta', pt: 'Encerrado' } },
  { code: 'AWA', ranking: 4, des: { en: 'Awarded', it: 'Aggiudicata', de: 'Zugeschlagen', fr: 'Adjugée', es: 'Adjudicada', nl: 'Gegund', pl: 'Rozstrzygnięta', pt: 'Adjudicado' } },
];

/** AWARD_STATUS, also served as LOT_STATUS: TBA to be awarded, AWA awarded, NAW not awarded (the domain's AWARD_STATUSES). */
export const AWARD_STATUS: readonly ElementDef[] = [
  { code: 'TBA', ranking: 1, des: { en: 'To be awarded', it: 'Da aggiudicare', de: 'Zuschlag offen', fr: 'À adjuger', es: 'Por adjudicar', nl: 'Te gunnen', pl: 'Do rozstrzygnięcia', pt: 'Por adjudicar' } },
  { code: 'AWA', ranking: 2, des: { en: 'Awarded', it: 'Aggiudicata', de: 'Zugeschlagen', fr: 'Adjugée', es: 'Adjudicada', nl: 'Gegund', pl: 'Rozstrzygnięta', pt: 'Adjudicado' } },
  { code: 'NAW', ranking: 3, des: { en: 'Not awarded', it: 'Non aggiudicata', de: 'Kein Zuschlag', fr: 'Non adjugée', es: 'No adjudicada', nl: 'Niet gegund', pl: 'Nierozstrzygnięta', pt: 'Não adjudicado' } },
];

/**
 * AUCTION_TYPE: the spec gives only the codes LEA, MUL, OTH. Our reading: LEA an auction of the portal's own leasing
 * company, MUL one run by a multi-auctioneer, OTH one of a partner.
 */
export const AUCTION_TYPE: readonly ElementDef[] = [
  { code: 'LEA', ranking: 1, des: { en: 'Leasing company auction', it: 'Asta della società di leasing', de: 'Auktion der Leasinggesellschaft', fr: 'Enchère de la société de leasing', es: 'Subasta de la empresa de leasing', nl: 'Veiling van de leasemaatschappij', pl: 'Aukcja firmy leasingowej', pt: 'Leilão da empresa de leasing' } },
  { code: 'MUL', ranking: 2, des: { en: 'Multi-auctioneer auction', it: 'Asta multi-banditore', de: 'Multi-Auktionator-Auktion', fr: 'Enchère multi-organisateurs', es: 'Subasta multisubastador', nl: 'Multi-veilingmeesterveiling', pl: 'Aukcja wielu organizatorów', pt: 'Leilão multileiloeiro' } },
  { code: 'OTH', ranking: 3, des: { en: 'Partner auction', it: 'Asta di un partner', de: 'Partnerauktion', fr: "Enchère d'un partenaire", es: 'Subasta de un socio', nl: 'Partnerveiling', pl: 'Aukcja partnera', pt: 'Leilão de um parceiro' } },
];

/** LISTING_KIND and CHANNEL (the purchase filter): AUCTION or SHOWCASE. */
export const LISTING_KIND: readonly ElementDef[] = [
  { code: 'AUCTION', ranking: 1, des: { en: 'Auction', it: 'Asta', de: 'Auktion', fr: 'Enchère', es: 'Subasta', nl: 'Veiling', pl: 'Aukcja', pt: 'Leilão' } },
  { code: 'SHOWCASE', ranking: 2, des: { en: 'Showcase', it: 'Vetrina', de: 'Schaufenster', fr: 'Vitrine', es: 'Escaparate', nl: 'Etalage', pl: 'Witryna', pt: 'Montra' } },
];

/** VEHICLE_SHOWCASE_STATE: a showcase vehicle's availability (the domain's VEHICLE_STATES). */
export const VEHICLE_SHOWCASE_STATE: readonly ElementDef[] = [
  { code: 'AVAILABLE', ranking: 1, des: { en: 'Available', it: 'Disponibile', de: 'Verfügbar', fr: 'Disponible', es: 'Disponible', nl: 'Beschikbaar', pl: 'Dostępny', pt: 'Disponível' } },
  { code: 'HELD', ranking: 2, des: { en: 'Held', it: 'Bloccato', de: 'Gesperrt', fr: 'Bloqué', es: 'Bloqueado', nl: 'Geblokkeerd', pl: 'Zablokowany', pt: 'Bloqueado' } },
  { code: 'SOLD', ranking: 3, des: { en: 'Sold', it: 'Venduto', de: 'Verkauft', fr: 'Vendu', es: 'Vendido', nl: 'Verkocht', pl: 'Sprzedany', pt: 'Vendido' } },
  { code: 'WITHDRAWN', ranking: 4, des: { en: 'Withdrawn', it: 'Ritirato', de: 'Zurückgezogen', fr: 'Retiré', es: 'Retirado', nl: 'Ingetrokken', pl: 'Wycofany', pt: 'Retirado' } },
];

/** EXPORT_FORMAT: file formats of the exports; format names are the same in every language. */
export const EXPORT_FORMAT: readonly ElementDef[] = [
  { code: 'CSV', ranking: 1, des: 'CSV' },
  { code: 'XLSX', ranking: 2, des: 'Excel (XLSX)' },
];
