import type { ElementDef } from '../code-element.js';

// The dealer-activity questions of the registration form. The spec names the tables but not their values: these
// are ours, the categories a used-vehicle remarketing portal asks a trade buyer about. "Other" always comes last.

/** DEALER_ACTIVITY: the dealer's main line of business. */
export const DEALER_ACTIVITY: readonly ElementDef[] = [
  { code: 'FRANCHISED', ranking: 10, des: { en: 'Franchised new-car dealer', it: 'Concessionario ufficiale', de: 'Vertragshändler', fr: 'Concessionnaire officiel', es: 'Concesionario oficial', nl: 'Merkdealer', pl: 'Autoryzowany dealer', pt: 'Concessionário oficial' } },
  { code: 'USED', ranking: 20, des: { en: 'Used-car dealer', it: 'Rivenditore di auto usate', de: 'Gebrauchtwagenhändler', fr: "Négociant en véhicules d'occasion", es: 'Compraventa de vehículos de ocasión', nl: 'Occasionhandelaar', pl: 'Sprzedawca samochodów używanych', pt: 'Comerciante de automóveis usados' } },
  { code: 'WHOLESALE', ranking: 30, des: { en: 'Wholesaler / trader', it: 'Commerciante all’ingrosso', de: 'Großhändler', fr: 'Grossiste', es: 'Mayorista', nl: 'Groothandelaar', pl: 'Hurtownik', pt: 'Grossista' } },
  { code: 'EXPORT', ranking: 40, des: { en: 'Exporter', it: 'Esportatore', de: 'Exporteur', fr: 'Exportateur', es: 'Exportador', nl: 'Exporteur', pl: 'Eksporter', pt: 'Exportador' } },
  { code: 'RENTAL', ranking: 50, des: { en: 'Rental company', it: 'Società di noleggio', de: 'Autovermietung', fr: 'Loueur de véhicules', es: 'Empresa de alquiler de vehículos', nl: 'Verhuurbedrijf', pl: 'Wypożyczalnia samochodów', pt: 'Empresa de aluguer de automóveis' } },
  { code: 'REPAIR', ranking: 60, des: { en: 'Repair workshop / body shop', it: 'Officina / carrozzeria', de: 'Werkstatt / Karosseriebetrieb', fr: 'Garage / carrosserie', es: 'Taller mecánico / de carrocería', nl: 'Garage / carrosseriebedrijf', pl: 'Warsztat / blacharnia', pt: 'Oficina / bate-chapas' } },
  { code: 'OTHER', ranking: 99, des: { en: 'Other', it: 'Altro', de: 'Sonstiges', fr: 'Autre', es: 'Otro', nl: 'Overig', pl: 'Inne', pt: 'Outro' } },
];

/**
 * CAR_SOLD: vehicles the dealer sells a year, as bands. The ranking is the band order (the spec sorts this table by
 * ranking): sorted by text, "101" would come before "51".
 */
export const CAR_SOLD: readonly ElementDef[] = [
  { code: 'UP_TO_50', ranking: 1, des: { en: 'Up to 50 vehicles a year', it: 'Fino a 50 veicoli all’anno', de: 'Bis zu 50 Fahrzeuge pro Jahr', fr: "Jusqu'à 50 véhicules par an", es: 'Hasta 50 vehículos al año', nl: 'Tot 50 voertuigen per jaar', pl: 'Do 50 pojazdów rocznie', pt: 'Até 50 veículos por ano' } },
  { code: '51_100', ranking: 2, des: { en: '51 to 100 vehicles a year', it: 'Da 51 a 100 veicoli all’anno', de: '51 bis 100 Fahrzeuge pro Jahr', fr: 'De 51 à 100 véhicules par an', es: 'De 51 a 100 vehículos al año', nl: '51 tot 100 voertuigen per jaar', pl: 'Od 51 do 100 pojazdów rocznie', pt: 'De 51 a 100 veículos por ano' } },
  { code: '101_250', ranking: 3, des: { en: '101 to 250 vehicles a year', it: 'Da 101 a 250 veicoli all’anno', de: '101 bis 250 Fahrzeuge pro Jahr', fr: 'De 101 à 250 véhicules par an', es: 'De 101 a 250 vehículos al año', nl: '101 tot 250 voertuigen per jaar', pl: 'Od 101 do 250 pojazdów rocznie', pt: 'De 101 a 250 veículos por ano' } },
  { code: '251_500', ranking: 4, des: { en: '251 to 500 vehicles a year', it: 'Da 251 a 500 veicoli all’anno', de: '251 bis 500 Fahrzeuge pro Jahr', fr: 'De 251 à 500 véhicules par an', es: 'De 251 a 500 vehículos al año', nl: '251 tot 500 voertuigen per jaar', pl: 'Od 251 do 500 pojazdów rocznie', pt: 'De 251 a 500 veículos por ano' } },
  { code: '501_1000', ranking: 5, des: { en: '501 to 1,000 vehicles a year', it: 'Da 501 a 1.000 veicoli all’anno', de: '501 bis 1.000 Fahrzeuge pro Jahr', fr: 'De 501 à 1 000 véhicules par an', es: 'De 501 a 1.000 vehículos al año', nl: '501 tot 1.000 voertuigen per jaar', pl: 'Od 501 do 1000 pojazdów rocznie', pt: 'De 501 a 1000 veículos por ano' } },
  { code: 'OVER_1000', ranking: 6, des: { en: 'More than 1,000 vehicles a year', it: 'Oltre 1.000 veicoli all’anno', de: 'Mehr als 1.000 Fahrzeuge pro Jahr', fr: 'Plus de 1 000 véhicules par an', es: 'Más de 1.000 vehículos al año', nl: 'Meer dan 1.000 voertuigen per jaar', pl: 'Ponad 1000 pojazdów rocznie', pt: 'Mais de 1000 veículos por ano' } },
];

/** BUYING_INTEREST: the vehicles the dealer mainly wants to buy. */
export const BUYING_INTEREST: readonly ElementDef[] = [
  { code: 'CARS', ranking: 10, des: { en: 'Passenger cars', it: 'Autovetture', de: 'Pkw', fr: 'Voitures particulières', es: 'Turismos', nl: "Personenauto's", pl: 'Samochody osobowe', pt: 'Automóveis ligeiros de passageiros' } },
  { code: 'LCV', ranking: 20, des: { en: 'Light commercial vehicles', it: 'Veicoli commerciali leggeri', de: 'Leichte Nutzfahrzeuge', fr: 'Véhicules utilitaires légers', es: 'Vehículos comerciales ligeros', nl: 'Lichte bedrijfswagens', pl: 'Lekkie pojazdy użytkowe', pt: 'Veículos comerciais ligeiros' } },
  { code: 'CARS_LCV', ranking: 30, des: { en: 'Passenger cars and light commercial vehicles', it: 'Autovetture e veicoli commerciali leggeri', de: 'Pkw und leichte Nutzfahrzeuge', fr: 'Voitures particulières et véhicules utilitaires légers', es: 'Turismos y vehículos comerciales ligeros', nl: "Personenauto's en lichte bedrijfswagens", pl: 'Samochody osobowe i lekkie pojazdy użytkowe', pt: 'Automóveis ligeiros de passageiros e veículos comerciais ligeiros' } },
  { code: 'ELECTRIFIED', ranking: 40, des: { en: 'Electric and hybrid vehicles', it: 'Veicoli elettrici e ibridi', de: 'Elektro- und Hybridfahrzeuge', fr: 'Véhicules électriques et hybrides', es: 'Vehículos eléctricos e híbridos', nl: 'Elektrische en hybride voertuigen', pl: 'Pojazdy elektryczne i hybrydowe', pt: 'Veículos elétricos e híbridos' } },
  { code: 'PREMIUM', ranking: 50, des: { en: 'Premium vehicles', it: 'Veicoli premium', de: 'Premiumfahrzeuge', fr: 'Véhicules premium', es: 'Vehículos premium', nl: 'Premiumvoertuigen', pl: 'Pojazdy klasy premium', pt: 'Veículos premium' } },
];
