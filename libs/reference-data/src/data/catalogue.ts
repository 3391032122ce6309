import type { Market } from '@auction/domain';
import type { ElementDef, GroupCode, GroupDef, Texts } from '../code-element.js';
import { BE_PROVINCES, DE_LAENDER, LU_CANTONS, NL_PROVINCES, PL_VOIVODESHIPS, PT_DISTRICTS } from './areas/europe.js';
import { ES_PROVINCES } from './areas/es.js';
import { FR_DEPARTMENTS } from './areas/fr.js';
import { IT_PROVINCES } from './areas/it.js';
import { UK_COUNTIES } from './areas/uk.js';
import { BUYING_INTEREST, CAR_SOLD, DEALER_ACTIVITY } from './dealer.js';
import { COUNTRY, LANGUAGE, MARKET } from './geography.js';
import { PERMISSION, ROLE } from './roles.js';
import { AUCTION_STATUS, AUCTION_TYPE, AWARD_STATUS, EXPORT_FORMAT, LISTING_KIND, VEHICLE_SHOWCASE_STATE } from './statuses.js';
import { BRAND, FUEL_TYPE, GEARBOX, PRODUCT_TYPE } from './vehicles.js';

/** Place names are proper names: one official form, shown as it is in every language, listed alphabetically. */
const places = (list: readonly (readonly [string, string])[]): readonly ElementDef[] =>
  list.map(([code, name]) => ({ code, ranking: 1, des: name }));

/**
 * COUNTRY_AREA by market: the "region" of an address (province for IT, BE, ES, NL, PL; department for FR; Land for DE;
 * district for PT; canton for LU; county for EN). OTHER has none.
 */
export const COUNTRY_AREAS: Readonly<Partial<Record<Market, readonly ElementDef[]>>> = {
  IT: places(IT_PROVINCES), FR: places(FR_DEPARTMENTS), ES: places(ES_PROVINCES), DE: places(DE_LAENDER),
  BE: places(BE_PROVINCES), NL: places(NL_PROVINCES), PL: places(PL_VOIVODESHIPS), PT: places(PT_DISTRICTS),
  LU: places(LU_CANTONS), EN: places(UK_COUNTIES),
};

const FUEL_DES: Texts = { en: 'Fuel type', it: 'Alimentazione', de: 'Kraftstoffart', fr: 'Carburant', es: 'Combustible', nl: 'Brandstof', pl: 'Rodzaj paliwa', pt: 'Combustível' };
const all = (groupCode: GroupCode, des: Texts, elements: readonly ElementDef[]): GroupDef => ({ groupCode, des, scope: 'all', elements });

/** Every code table, by group code. */
export const CATALOGUE: Readonly<Record<GroupCode, GroupDef>> = {
  COUNTRY: all('COUNTRY', { en: 'Country', it: 'Paese', de: 'Land', fr: 'Pays', es: 'País', nl: 'Land', pl: 'Kraj', pt: 'País' }, COUNTRY),
  COUNTRY_AREA: {
    groupCode: 'COUNTRY_AREA', scope: 'market', byMarket: COUNTRY_AREAS,
    des: { en: 'Region', it: 'Regione', de: 'Region', fr: 'Région', es: 'Región', nl: 'Regio', pl: 'Region', pt: 'Região' },
  },
  MARKET: all('MARKET', { en: 'Market', it: 'Mercato', de: 'Markt', fr: 'Marché', es: 'Mercado', nl: 'Markt', pl: 'Rynek', pt: 'Mercado' }, MARKET),
  LANGUAGE: all('LANGUAGE', { en: 'Language', it: 'Lingua', de: 'Sprache', fr: 'Langue', es: 'Idioma', nl: 'Taal', pl: 'Język', pt: 'Idioma' }, LANGUAGE),
  DEALER_ACTIVITY: all('DEALER_ACTIVITY', { en: 'Dealer activity', it: 'Attività del dealer', de: 'Händlertätigkeit', fr: 'Activité du négociant', es: 'Actividad del concesionario', nl: 'Activiteit van de dealer', pl: 'Działalność dealera', pt: 'Atividade do comerciante' }, DEALER_ACTIVITY),
  CAR_SOLD: all('CAR_SOLD', { en: 'Vehicles sold per year', it: 'Veicoli venduti all’anno', de: 'Verkaufte Fahrzeuge pro Jahr', fr: 'Véhicules vendus par an', es: 'Vehículos vendidos al año', nl: 'Verkochte voertuigen per jaar', pl: 'Pojazdy sprzedawane rocznie', pt: 'Veículos vendidos por ano' }, CAR_SOLD),
  BUYING_INTEREST: all('BUYING_INTEREST', { en: 'Buying interest', it: 'Interesse d’acquisto', de: 'Kaufinteresse', fr: "Intérêt d'achat", es: 'Interés de compra', nl: 'Aankoopinteresse', pl: 'Zainteresowanie zakupem', pt: 'Interesse de compra' }, BUYING_INTEREST),
  ROLE: all('ROLE', { en: 'Role', it: 'Ruolo', de: 'Rolle', fr: 'Rôle', es: 'Rol', nl: 'Rol', pl: 'Rola', pt: 'Função' }, ROLE),
  PERMISSION: all('PERMISSION', { en: 'Permission', it: 'Permesso', de: 'Berechtigung', fr: 'Autorisation', es: 'Permiso', nl: 'Machtiging', pl: 'Uprawnienie', pt: 'Permissão' }, PERMISSION),
  AUCTION_STATUS: all('AUCTION_STATUS', { en: 'Auction status', it: 'Stato dell’asta', de: 'Auktionsstatus', fr: "Statut de l'enchère", es: 'Estado de la subasta', nl: 'Veilingstatus', pl: 'Status aukcji', pt: 'Estado do leilão' }, AUCTION_STATUS),
  LOT_STATUS: all('LOT_STATUS', { en: 'Lot status', it: 'Stato del lotto', de: 'Losstatus', fr: 'Statut du lot', es: 'Estado del lote', nl: 'Kavelstatus', pl: 'Status pozycji', pt: 'Estado do lote' }, AWARD_STATUS),
  AWARD_STATUS: all('AWARD_STATUS', { en: 'Award status', it: 'Stato di aggiudicazione', de: 'Zuschlagsstatus', fr: "Statut d'adjudication", es: 'Estado de adjudicación', nl: 'Gunningsstatus', pl: 'Status rozstrzygnięcia', pt: 'Estado de adjudicação' }, AWARD_STATUS),
  AUCTION_TYPE: all('AUCTION_TYPE', { en: 'Auction type', it: 'Tipo di asta', de: 'Auktionsart', fr: "Type d'enchère", es: 'Tipo de subasta', nl: 'Veilingtype', pl: 'Typ aukcji', pt: 'Tipo de leilão' }, AUCTION_TYPE),
  LISTING_KIND: all('LISTING_KIND', { en: 'Sale type', it: 'Tipo di vendita', de: 'Verkaufsart', fr: 'Type de vente', es: 'Tipo de venta', nl: 'Verkoopvorm', pl: 'Rodzaj sprzedaży', pt: 'Tipo de venda' }, LISTING_KIND),
  CHANNEL: all('CHANNEL', { en: 'Channel', it: 'Canale', de: 'Kanal', fr: 'Canal', es: 'Canal', nl: 'Kanaal', pl: 'Kanał', pt: 'Canal' }, LISTING_KIND),
  EXPORT_FORMAT: all('EXPORT_FORMAT', { en: 'Export format', it: 'Formato di esportazione', de: 'Exportformat', fr: "Format d'export", es: 'Formato de exportación', nl: 'Exportformaat', pl: 'Format eksportu', pt: 'Formato de exportação' }, EXPORT_FORMAT),
  VEHICLE_SHOWCASE_STATE: all('VEHICLE_SHOWCASE_STATE', { en: 'Showcase vehicle state', it: 'Stato del veicolo in vetrina', de: 'Fahrzeugstatus im Schaufenster', fr: 'État du véhicule en vitrine', es: 'Estado del vehículo en el escaparate', nl: 'Status van het voertuig in de etalage', pl: 'Status pojazdu w witrynie', pt: 'Estado do veículo na montra' }, VEHICLE_SHOWCASE_STATE),
  PRODUCT_TYPE: all('PRODUCT_TYPE', { en: 'Vehicle category', it: 'Categoria di veicolo', de: 'Fahrzeugkategorie', fr: 'Catégorie de véhicule', es: 'Categoría de vehículo', nl: 'Voertuigcategorie', pl: 'Kategoria pojazdu', pt: 'Categoria de veículo' }, PRODUCT_TYPE),
  FUEL_TYPE_INFOCAR: all('FUEL_TYPE_INFOCAR', FUEL_DES, FUEL_TYPE),
  FUEL_TYPE_JATO: all('FUEL_TYPE_JATO', FUEL_DES, FUEL_TYPE),
  GEARBOX: all('GEARBOX', { en: 'Gearbox', it: 'Cambio', de: 'Getriebe', fr: 'Boîte de vitesses', es: 'Caja de cambios', nl: 'Versnellingsbak', pl: 'Skrzynia biegów', pt: 'Caixa de velocidades' }, GEARBOX),
  BRAND: all('BRAND', { en: 'Make', it: 'Marca', de: 'Marke', fr: 'Marque', es: 'Marca', nl: 'Merk', pl: 'Marka', pt: 'Marca' }, BRAND),
};
