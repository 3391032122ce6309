import type { VehicleDetails } from '@auction/domain';

/** The cars of the demo auction (the first eight) and showcase (the last eight): brand, model and a price in euros. */
export const DEMO_CARS: readonly (readonly [brand: string, model: string, price: number])[] = [
  ['Fiat', '500 1.0 Hybrid', 8500], ['Volkswagen', 'Golf 2.0 TDI', 14500], ['Renault', 'Clio TCe 90', 7900],
  ['Peugeot', '208 PureTech', 9200], ['BMW', '320d Touring', 19800], ['Audi', 'A3 Sportback 35 TFSI', 18900],
  ['Toyota', 'Yaris Hybrid', 11200], ['Jeep', 'Renegade 1.6 MJT', 12800], ['Mercedes-Benz', 'A 180 d', 17400],
  ['Ford', 'Focus 1.5 EcoBlue', 9900], ['Opel', 'Corsa 1.2', 7200], ['Skoda', 'Octavia Wagon 2.0 TDI', 13600],
];

/** Where a demo car differs from its siblings: its plate, frame (VIN) and selling channel. */
export interface DemoCarIdentity {
  readonly licensePlate: string;
  readonly frame: string;
  readonly channel: string;
}

/** The data of the `i`-th car of {@link DEMO_CARS}: a valid VIN, an Italian location, an appraisal. */
export function demoCar(i: number, identity: DemoCarIdentity): VehicleDetails {
  const [brand, model] = DEMO_CARS[i]!;
  return {
    ...identity, brand, model, version: null,
    firstRegistration: `20${19 + (i % 5)}-0${1 + (i % 9)}-10`, mileageKm: 18_000 + i * 11_000, fuel: i % 2 ? 'DIESEL' : 'PETROL',
    gearbox: i % 3 ? 'MANUAL' : 'AUTOMATIC', powerKw: 70 + i * 8, colour: ['Bianco', 'Grigio', 'Nero', 'Rosso'][i % 4]!,
    damageTotal: (i % 4) * 300, location: { area: i % 2 ? 'Centro' : 'Nord', region: i % 2 ? 'Lazio' : 'Lombardia' },
    appraisal: { appraisedOn: '2026-10-01', grade: ['A', 'B', 'C'][i % 3]!, notes: null },
  };
}
