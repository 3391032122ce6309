import type { BlobStore } from '@auction/blob-store';
import type { Actor } from '../identity/actor.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { CreateShowcaseCommand } from '../showcase/showcase.handlers.js';
import { DEMO_CARS, demoCar } from './demo-cars.js';
import { loadDemoVehicle, type DemoVehicle } from './demo-vehicles.js';

/** Runs a showcase creation as `POST /secure/showcase` does (the showcase context's command, on the command bus). */
export type CreateShowcase = (command: CreateShowcaseCommand) => Promise<unknown>;

/** The demo showcase's exhibitor: `exhibitor` of dealer D-EXHB, which supplies the RENT-IT provenance. */
const EXHIBITOR: Actor = { idUser: 'exhibitor', username: 'exhibitor', roles: ['USER', 'EXHIBITOR'], idDealer: 'D-EXHB', flgEnabled: true };

/** The demo showcase's vehicles: the last eight demo cars, of RENT-IT (loader `loader2`), published. */
export function demoShowcaseVehicles(): (DemoVehicle & { price: number })[] {
  return DEMO_CARS.slice(4).map(([, , price], n) => ({
    idVehicle: `V-SHOW-${n + 1}`, idLoader: 'loader2', provenance: 'RENT-IT', published: true, price,
    details: demoCar(4 + n, { licensePlate: `GS${400 + n}RT`, frame: `ZFA31200000${400000 + n}`, channel: 'RENTAL' }),
  }));
}

/**
 * The demo showcase, made of loaded vehicles: eight RENT-IT vehicles are loaded (with drawn photos and an appraisal
 * report when `blobs` is given), then `exhibitor` puts them in one showcase through the showcase's own command, as
 * `POST /secure/showcase {idMarket, vehicles: [{idVehicle, price}]}` does (the vehicles' one access rule, the decider).
 * Created once: only vehicles this start loaded are listed, so a restart, or a vehicle withdrawn or sold since, lists
 * nothing again.
 */
export async function seedDemoShowcase(writer: StreamWriter, createShowcase: CreateShowcase, now: number, blobs?: BlobStore): Promise<void> {
  const loaded: { idVehicle: string; price: number }[] = [];
  for (const v of demoShowcaseVehicles()) {
    if (await loadDemoVehicle(writer, v, now, blobs)) loaded.push({ idVehicle: v.idVehicle, price: v.price });
  }
  if (loaded.length === 0) return;
  await createShowcase(new CreateShowcaseCommand(EXHIBITOR, { idMarket: 'IT', vehicles: loaded }, null, 'demo-showcase'));
}
