import type { ElementDef } from '../code-element.js';

// The vehicle enumerations the forms of spec 02 use (vehicle search, upload, showcase). The spec names the tables
// (PRODUCT_TYPE, FUEL_TYPE_INFOCAR, FUEL_TYPE_JATO, BRAND) but not their values: these are ours.

/** PRODUCT_TYPE: the vehicle category. */
export const PRODUCT_TYPE: readonly ElementDef[] = [
  { code: 'CAR', ranking: 1, des: { en: 'Passenger car', it: 'Autovettura', de: 'Pkw', fr: 'Voiture particulière', es: 'Turismo', nl: 'Personenauto', pl: 'Samochód osobowy', pt: 'Automóvel ligeiro de passageiros' } },
  { code: 'LCV', ranking: 2, des: { en: 'Light commercial vehicle', it: 'Veicolo commerciale leggero', de: 'Leichtes Nutzfahrzeug', fr: 'Véhicule utilitaire léger', es: 'Vehículo comercial ligero', nl: 'Lichte bedrijfswagen', pl: 'Lekki pojazd użytkowy', pt: 'Veículo comercial ligeiro' } },
  { code: 'TRUCK', ranking: 3, des: { en: 'Truck', it: 'Veicolo industriale', de: 'Lkw', fr: 'Poids lourd', es: 'Camión', nl: 'Vrachtwagen', pl: 'Samochód ciężarowy', pt: 'Veículo pesado de mercadorias' } },
  { code: 'MOTORHOME', ranking: 4, des: { en: 'Motorhome', it: 'Camper', de: 'Wohnmobil', fr: 'Camping-car', es: 'Autocaravana', nl: 'Camper', pl: 'Kamper', pt: 'Autocaravana' } },
  { code: 'MOTORCYCLE', ranking: 5, des: { en: 'Motorcycle', it: 'Motociclo', de: 'Motorrad', fr: 'Moto', es: 'Motocicleta', nl: 'Motorfiets', pl: 'Motocykl', pt: 'Motociclo' } },
];

/**
 * The fuel types. The spec has two tables, FUEL_TYPE_INFOCAR and FUEL_TYPE_JATO, named after the two vehicle-data
 * providers whose codes the portal imported; we import from neither, so both serve this one list.
 */
export const FUEL_TYPE: readonly ElementDef[] = [
  { code: 'PETROL', ranking: 1, des: { en: 'Petrol', it: 'Benzina', de: 'Benzin', fr: 'Essence', es: 'Gasolina', nl: 'Benzine', pl: 'Benzyna', pt: 'Gasolina' } },
  { code: 'DIESEL', ranking: 2, des: { en: 'Diesel', it: 'Diesel', de: 'Diesel', fr: 'Diesel', es: 'Diésel', nl: 'Diesel', pl: 'Olej napędowy', pt: 'Gasóleo' } },
  { code: 'LPG', ranking: 3, des: { en: 'LPG', it: 'GPL', de: 'Autogas (LPG)', fr: 'GPL', es: 'GLP', nl: 'LPG', pl: 'LPG', pt: 'GPL' } },
  { code: 'CNG', ranking: 4, des: { en: 'Natural gas (CNG)', it: 'Metano', de: 'Erdgas (CNG)', fr: 'Gaz naturel (GNV)', es: 'Gas natural (GNC)', nl: 'Aardgas (CNG)', pl: 'Gaz ziemny (CNG)', pt: 'Gás natural (GNC)' } },
  { code: 'HYBRID_PETROL', ranking: 5, des: { en: 'Petrol hybrid', it: 'Ibrida benzina', de: 'Hybrid (Benzin)', fr: 'Hybride essence', es: 'Híbrido gasolina', nl: 'Hybride benzine', pl: 'Hybryda benzynowa', pt: 'Híbrido gasolina' } },
  { code: 'HYBRID_DIESEL', ranking: 6, des: { en: 'Diesel hybrid', it: 'Ibrida diesel', de: 'Hybrid (Diesel)', fr: 'Hybride diesel', es: 'Híbrido diésel', nl: 'Hybride diesel', pl: 'Hybryda z silnikiem Diesla', pt: 'Híbrido gasóleo' } },
  { code: 'PLUGIN_HYBRID', ranking: 7, des: { en: 'Plug-in hybrid', it: 'Ibrida plug-in', de: 'Plug-in-Hybrid', fr: 'Hybride rechargeable', es: 'Híbrido enchufable', nl: 'Plug-inhybride', pl: 'Hybryda plug-in', pt: 'Híbrido plug-in' } },
  { code: 'ELECTRIC', ranking: 8, des: { en: 'Electric', it: 'Elettrica', de: 'Elektro', fr: 'Électrique', es: 'Eléctrico', nl: 'Elektrisch', pl: 'Elektryczny', pt: 'Elétrico' } },
  { code: 'HYDROGEN', ranking: 9, des: { en: 'Hydrogen', it: 'Idrogeno', de: 'Wasserstoff', fr: 'Hydrogène', es: 'Hidrógeno', nl: 'Waterstof', pl: 'Wodór', pt: 'Hidrogénio' } },
  { code: 'OTHER', ranking: 99, des: { en: 'Other', it: 'Altro', de: 'Sonstige', fr: 'Autre', es: 'Otro', nl: 'Overig', pl: 'Inne', pt: 'Outro' } },
];

/** GEARBOX: the transmission. */
export const GEARBOX: readonly ElementDef[] = [
  { code: 'MANUAL', ranking: 1, des: { en: 'Manual', it: 'Manuale', de: 'Schaltgetriebe', fr: 'Manuelle', es: 'Manual', nl: 'Handgeschakeld', pl: 'Manualna', pt: 'Manual' } },
  { code: 'AUTOMATIC', ranking: 2, des: { en: 'Automatic', it: 'Automatico', de: 'Automatik', fr: 'Automatique', es: 'Automático', nl: 'Automaat', pl: 'Automatyczna', pt: 'Automática' } },
  { code: 'SEMI_AUTOMATIC', ranking: 3, des: { en: 'Semi-automatic', it: 'Semiautomatico', de: 'Halbautomatik', fr: 'Semi-automatique', es: 'Semiautomático', nl: 'Semi-automaat', pl: 'Półautomatyczna', pt: 'Semiautomática' } },
];

/** BRAND: the makes sold in the portal's markets; a make's name is the same in every language (sorted by name). */
export const BRAND: readonly ElementDef[] = ([
  ['ABARTH', 'Abarth'], ['ALFA_ROMEO', 'Alfa Romeo'], ['ALPINE', 'Alpine'], ['ASTON_MARTIN', 'Aston Martin'], ['AUDI', 'Audi'],
  ['BENTLEY', 'Bentley'], ['BMW', 'BMW'], ['BYD', 'BYD'], ['CITROEN', 'Citroën'], ['CUPRA', 'Cupra'], ['DACIA', 'Dacia'],
  ['DS', 'DS Automobiles'], ['FERRARI', 'Ferrari'], ['FIAT', 'Fiat'], ['FORD', 'Ford'], ['HONDA', 'Honda'],
  ['HYUNDAI', 'Hyundai'], ['IVECO', 'Iveco'], ['JAGUAR', 'Jaguar'], ['JEEP', 'Jeep'], ['KIA', 'Kia'],
  ['LAMBORGHINI', 'Lamborghini'], ['LANCIA', 'Lancia'], ['LAND_ROVER', 'Land Rover'], ['LEXUS', 'Lexus'],
  ['LYNK_CO', 'Lynk & Co'], ['MASERATI', 'Maserati'], ['MAZDA', 'Mazda'], ['MERCEDES_BENZ', 'Mercedes-Benz'], ['MG', 'MG'],
  ['MINI', 'MINI'], ['MITSUBISHI', 'Mitsubishi'], ['NISSAN', 'Nissan'], ['OPEL', 'Opel'], ['PEUGEOT', 'Peugeot'],
  ['POLESTAR', 'Polestar'], ['PORSCHE', 'Porsche'], ['RENAULT', 'Renault'], ['SEAT', 'SEAT'], ['SKODA', 'Škoda'],
  ['SMART', 'smart'], ['SSANGYONG', 'KGM SsangYong'], ['SUBARU', 'Subaru'], ['SUZUKI', 'Suzuki'], ['TESLA', 'Tesla'],
  ['TOYOTA', 'Toyota'], ['VAUXHALL', 'Vauxhall'], ['VOLKSWAGEN', 'Volkswagen'], ['VOLVO', 'Volvo'],
] as const).map(([code, name]) => ({ code, ranking: 1, des: name }));
