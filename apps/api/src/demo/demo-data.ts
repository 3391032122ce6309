import type { LotState, Role, UserData, UserState, VehicleState } from '@auction/domain';
import { MARKETS, decideAuction, decideLot, decideTemplate, decideUser, decideVehicle, evolveTemplate, type AuctionState, type TemplateCommand, type TemplateEvent, type TemplateState } from '@auction/domain';
import { registrationEvents } from '../identity/accounts/accounts.service.js';
import type { PersonalData, PersonalDataStore } from '../identity/accounts/personal-data.js';
import type { UsernameClaims } from '../identity/accounts/username-claims.js';
import type { BlobStore } from '@auction/blob-store';
import type { CredentialsService } from '../identity/credentials.service.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { lotDefinitions, auctionDefinition } from '../auctions/commands/create-auction.handler.js';
import { lotIdOf } from '../platform/engine/ids.js';
import { streamId } from '@auction/domain';
import type { Decision, StreamWriter } from '../platform/engine/stream-writer.js';
import { DEMO_CARS, demoCar } from './demo-cars.js';
import type { CreateShowcase } from './demo-showcase.js';

const DEMO_AUCTION = 'demo-live';

function user(idUser: string, username: string, roles: Role[], idDealer: string | null, staff: Partial<Pick<UserData, 'readOnly' | 'adminEnabledMarket'>> = {}): UserData {
  return {
    idUser, username, roles, idDealer, idMarket: 'IT', preferredLanguage: 'en',
    consent1: true, consent2: true, consent3: true, flgEnabled: true, ...staff,
  };
}

/** The back-office demo staff manage every market (the customer centre: all but OTHER, as the spec's dealer search). */
const ALL_MARKETS = [...MARKETS];
const SELLING_MARKETS = MARKETS.filter((m) => m !== 'OTHER');

/** Where the demo's personal data goes: beside the log, as for every user (accounts/personal-data.ts). */
export interface DemoAccounts {
  readonly personalData: PersonalDataStore;
  readonly usernames: UsernameClaims;
  /** Where the demo's pending registrations keep their documents (absent: they have none). */
  readonly blobs?: BlobStore;
}

/** The demo's e-mail domain (`.example` is reserved: no mail to it can reach anyone). */
export const DEMO_EMAIL_DOMAIN = 'demo.example';

/** A demo user's personal data: a name, and the e-mail `<username>@demo.example`. */
function demoPerson(data: UserData): PersonalData {
  const number = /^dealer(\d+)$/.exec(data.username)?.[1];
  const surname = number ? `Dealer ${number}` : data.username.charAt(0).toUpperCase() + data.username.slice(1);
  return { name: 'Demo', surname, email: `${data.username}@${DEMO_EMAIL_DOMAIN}` };
}

/**
 * Demo data: users `admin`, `auctioneer`, `exhibitor`, `dealer1..N` with the password `DEMO_PASSWORD`, the loaders'
 * stock, one running auction and one showcase (both made of loaded vehicles; the showcase through `createShowcase`).
 * Idempotent: every id is fixed, so a restart adds nothing twice (a new demo auction, when `withAuction`, takes the
 * demo auction's vehicles that are free again). Passwords go
 * to the credential store before the users are registered, one hash of the published demo password for them all
 * (CredentialsService.setMissing), and only for users that have none yet (a restart hashes nothing).
 */
export async function seedDemoData(
  writer: StreamWriter, credentials: CredentialsService, config: AppConfig, now: number, withAuction: boolean, accounts?: DemoAccounts,
  createShowcase?: CreateShowcase,
): Promise<{ users: number }> {
  const users: UserData[] = [
    user('admin', 'admin', ['USER', 'ADMIN'], null, { adminEnabledMarket: ALL_MARKETS }),
    user('customer', 'customer', ['USER', 'CUSTOMER_CENTER'], null, { adminEnabledMarket: SELLING_MARKETS }),
    user('auditor', 'auditor', ['USER', 'ADMIN'], null, { adminEnabledMarket: ALL_MARKETS, readOnly: true }),
    user('multiauctioneer', 'multiauctioneer', ['USER', 'MULTI_AUCTIONEER'], 'D-AUCT'),
    user('loader', 'loader', ['USER', 'LOADER'], 'D-AUCT'),
    // The loader of the second provenance's dealer (RENT-IT of D-EXHB): another dealer's vehicles.
    user('loader2', 'loader2', ['USER', 'LOADER'], 'D-EXHB'),
    user('auctioneer', 'auctioneer', ['USER', 'AUCTIONEER'], 'D-AUCT'),
    user('exhibitor', 'exhibitor', ['USER', 'EXHIBITOR'], 'D-EXHB'),
    // A former employee the back-office disabled (below): the anonymisation screen's demo candidate.
    user('former', 'former', ['USER', 'EXHIBITOR'], 'D-EXHB'),
    ...Array.from({ length: config.demoDealers }, (_, i) => user(`dealer${i + 1}`, `dealer${i + 1}`, ['USER', 'BUYER'], `D-${1001 + i}`)),
  ];
  await credentials.setMissing(users.map((u) => u.idUser), config.demoPassword);
  if (accounts) {
    // Claimed and described before the users exist, as AccountsService does; a restart changes nothing that is there.
    // All at once (a handful of statements, not a few hundred: ~2 s of an embedded start with 70 dealers).
    await accounts.usernames.claimMany(users.map((data) => ({ username: data.username, idUser: data.idUser })));
    await accounts.personalData.createMissing('USER', users.map((data) => ({ id: data.idUser, data: demoPerson(data) })));
    const dealers = [...new Set(users.map((u) => u.idDealer).filter((d): d is string => d !== null))];
    await accounts.personalData.createMissing('DEALER', dealers.map((idDealer) => ({ id: idDealer, data: { businessName: `Demo Motors ${idDealer.replace(/^D-/, '')}` } })));
  }
  await Promise.all(users.map((data) => writer.execute({
    streams: [streamId.user(data.idUser)],
    metadata: { userId: 'system' },
    decide: (view) => [{ streamId: streamId.user(data.idUser), events: registrationEvents(data, view.state<UserState>(streamId.user(data.idUser))) }],
    reply: () => undefined,
  })));
  await writer.execute({
    streams: [streamId.user('former')],
    metadata: { userId: 'admin' },
    // Once: a restart, or an administrator's later re-enable (which leaves disabledAt set), changes nothing.
    decide: (view) => {
      const state = view.state<UserState>(streamId.user('former'));
      const once = state.status === 'ACTIVE' && state.disabledAt === undefined;
      return [{ streamId: streamId.user('former'), events: once ? decideUser({ type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now }, state) : [] }];
    },
    reply: () => undefined,
  });
  if (accounts) await (await import('./demo-dealers.js')).seedDemoDealers(writer, config, now, accounts);
  if (accounts) await (await import('./demo-sellers.js')).seedDemoSellers(writer, config.demoDealers, accounts, now);
  await seedDemoTemplates(writer, users.filter((u) => u.roles.includes('BUYER')).map((u) => u.idDealer!), now);
  await (await import('./demo-ratings.js')).seedDemoRatings(writer, config.demoDealers, now);
  const blobs = config.demoPhotos ? accounts?.blobs : undefined;
  await (await import('./demo-vehicles.js')).seedDemoVehicles(writer, now, blobs);
  if (createShowcase) await (await import('./demo-showcase.js')).seedDemoShowcase(writer, createShowcase, now, blobs);
  if (withAuction) await seedDemoAuction(writer, `${DEMO_AUCTION}-${now.toString(36)}`, now, blobs);
  return { users: users.length };
}

/**
 * The demo templates (selling channels of D-AUCT: two of its provenances, and one of typed-in vehicles), all of the IT
 * market, so its home's partner carousel has two slides; every demo buying dealer is enabled for each. Their logos are
 * drawn in the background after the start (demo-logos.ts).
 */
export const DEMO_TEMPLATES = [
  { idTemplate: 'T-DEMO-LEASYS', templateName: 'Leasys Remarketing', provenance: 'LEASYS-IT', vatCode: 'IT08083020019', mailbox: 'leasys-it' },
  { idTemplate: 'T-DEMO-RENT', templateName: 'Rent-it Outlet', provenance: 'RENT-IT', vatCode: 'IT01234567890', mailbox: 'rent-it' },
  { idTemplate: 'T-DEMO-FLEET', templateName: 'Fleet Direct Italia', provenance: null, vatCode: 'IT09876543210', mailbox: 'fleet-direct' },
] as const;

/** Creates the demo templates and enables `dealers` for them; a restart writes nothing that is there. */
export async function seedDemoTemplates(writer: StreamWriter, dealers: readonly string[], now: number): Promise<void> {
  for (const t of DEMO_TEMPLATES) {
    const sid = streamId.template(t.idTemplate);
    const { mailbox, ...fields } = t;
    const data = {
      ...fields, idDealer: 'D-AUCT', idMarket: 'IT' as const, largeLogo: null, smallLogo: null,
      description: `${t.templateName}: ${t.provenance ? `vehicles of ${t.provenance}` : 'fleet returns, typed in lot by lot'}`,
      commercialInfoPhone: '+39 02 0000 0000', commercialInfoEmail: `sales-${mailbox}@${DEMO_EMAIL_DOMAIN}`,
    };
    await writer.execute({
      streams: [sid],
      metadata: { userId: 'admin' },
      decide: (view) => {
        let state = view.state<TemplateState>(sid);
        const events: TemplateEvent[] = [];
        const commands: TemplateCommand[] = [
          { type: 'CreateTemplate', data, by: 'admin', now },
          ...dealers.map((idDealer): TemplateCommand => ({ type: 'SetTemplateBuyer', idTemplate: t.idTemplate, idDealer, flgEnabled: true, by: 'admin', now })),
        ];
        for (const command of commands) {
          const decided = decideTemplate(command, state);
          for (const event of decided) state = evolveTemplate(state, event);
          events.push(...decided);
        }
        return [{ streamId: sid, events }];
      },
      reply: () => undefined,
    });
  }
}

/**
 * The running demo auction, made of loaded vehicles: eight vehicles of provenance LEASYS-IT (loader `loader`, published,
 * with drawn photos and an appraisal report when `blobs` is given) are loaded for it once (fixed ids: a restart loads
 * none again, so no plate is there twice), then the auction is scheduled by `auctioneer` with one lot per vehicle of
 * them still free (published, in stock: an earlier demo auction's unsold ones are back), each vehicle put in its lot in
 * the same append (as `POST /secure/auction`). None free (all sold, or still in an earlier auction): no demo auction.
 */
export async function seedDemoAuction(writer: StreamWriter, idAuction: string, now: number, blobs?: BlobStore): Promise<void> {
  const cars = DEMO_CARS.slice(0, 8).map(([, , price], i) => ({
    idVehicle: `V-LIVE-${i + 1}`, price,
    details: demoCar(i, { licensePlate: `GA${100 + i}DM`, frame: `ZFA31200000${100000 + i}`, channel: 'LEASING' }),
  }));
  const { loadDemoVehicle } = await import('./demo-vehicles.js');
  for (const car of cars) {
    await loadDemoVehicle(writer, { idVehicle: car.idVehicle, idLoader: 'loader', provenance: 'LEASYS-IT', details: car.details, published: true }, now, blobs);
  }
  const vehicleSids = cars.map((c) => streamId.vehicle(c.idVehicle));
  const allLotIds = cars.map((_, i) => lotIdOf(idAuction, i + 1));
  await writer.execute({
    streams: [streamId.auction(idAuction), ...vehicleSids, ...allLotIds.map(streamId.lot)],
    metadata: { userId: 'system' },
    decide: (view, at): Decision[] => {
      const free = cars.flatMap((car, i) => {
        const state = view.state<VehicleState>(vehicleSids[i]!);
        return state.status === 'STOCK' && state.record.published ? [{ ...car, sid: vehicleSids[i]!, state, record: state.record }] : [];
      });
      if (free.length === 0) return [];
      const lotIds = allLotIds.slice(0, free.length);
      const body = {
        auctionName: 'Demo live auction: fleet returns', idMarket: 'IT' as const, auctionType: 'OTH' as const,
        startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 2 * 3600_000).toISOString(),
        regulationRequired: true, extension: { windowSeconds: 60, extendSeconds: 60 },
        lots: free.map(({ idVehicle, details, price }) => ({
          idVehicle, licensePlate: details.licensePlate, frame: details.frame, brand: details.brand, model: details.model, basePrice: price,
          minIncrement: 100, reservePrice: Math.round(price * 1.15), buyNowPrice: Math.round(price * 1.6),
        })),
      };
      const data = new Map(free.map(({ idVehicle, record }) => {
        const { licensePlate, frame, brand, model, firstRegistration, mileageKm, fuel } = record.details;
        return [idVehicle, { licensePlate, frame, brand, model, idCoverPhoto: record.photos[0] ?? null, firstRegistration, mileageKm, fuel }] as const;
      }));
      const lots = lotDefinitions(idAuction, { idOwner: 'auctioneer', idSellerDealer: 'D-AUCT' }, body, lotIds, data);
      return [
        {
          streamId: streamId.auction(idAuction),
          events: decideAuction(
            { type: 'ScheduleAuction', idAuction, idOwner: 'auctioneer', idSellerDealer: 'D-AUCT', definition: auctionDefinition(body, lotIds), now: at },
            view.state<AuctionState>(streamId.auction(idAuction)),
          ),
        },
        ...free.map((c, i) => ({ streamId: c.sid, events: decideVehicle({ type: 'PutInAuction', idAuction, idLot: lotIds[i]! }, c.state) })),
        ...lots.map((d) => ({ streamId: streamId.lot(d.idLot), events: decideLot({ type: 'ScheduleLot', data: d }, view.state<LotState>(streamId.lot(d.idLot))) })),
      ];
    },
    reply: () => undefined,
  });
}
