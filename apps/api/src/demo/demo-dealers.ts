import {
  decideDealer, evolveDealer, streamId, type DealerCapability, type DealerData, type DealerDocument, type DealerState, type UserData, type UserState,
} from '@auction/domain';
import { registrationEvents } from '../identity/accounts/accounts.service.js';
import type { BlobStore } from '@auction/blob-store';
import type { AppConfig } from '../platform/config/app-config.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import type { DemoAccounts } from './demo-data.js';

/** The demo's e-mail domain (`.example`: reserved, no mail to it reaches anyone). */
const DOMAIN = 'demo.example';
/** A VAT code two demo dealers share (the DAC dialog's case). */
export const DEMO_SHARED_VAT = 'IT01234567897';


interface DemoDealer {
  readonly idDealer: string;
  readonly idReferenceUser: string;
  readonly status: 'ENABLED' | 'PENDING';
  readonly capabilities?: readonly DealerCapability[];
  readonly business: Record<string, string | null>;
  /** A reference user created here (the dealers of the demo users have theirs already). */
  readonly newUser?: { username: string; name: string; surname: string; flgEnabled: boolean };
  readonly city: string;
  readonly region: string;
}

const CITIES: [string, string][] = [['Milano', 'MI'], ['Roma', 'RM'], ['Torino', 'TO'], ['Napoli', 'NA'], ['Bologna', 'BO'], ['Firenze', 'FI']];

function business(name: string, n: number, city: string, vatCode: string, email: string, extra: Record<string, string | null> = {}): Record<string, string | null> {
  return {
    businessName: name, vatCode, address: `Via Demo ${n}`, city, postalCode: String(20100 + n).padStart(5, '0'), email,
    phone: `+39 02 ${String(1000000 + n).slice(-7)}`, mobile: null, website: null, regon: null,
    referenceName: 'Demo', referenceSurname: `Reference ${n}`, referenceEmail: email, referenceFCA: null, ...extra,
  };
}

/** The demo dealers: those of the demo users (D-1001..., D-AUCT, D-EXHB), three waiting registrations and a DAC pair. */
function demoDealers(count: number): DemoDealer[] {
  const list: DemoDealer[] = [];
  for (let i = 0; i < count; i++) {
    const n = 1001 + i;
    const [city, region] = CITIES[i % CITIES.length]!;
    list.push({
      idDealer: `D-${n}`, idReferenceUser: `dealer${i + 1}`, status: 'ENABLED', city, region,
      business: business(`Demo Motors ${n}`, n, city, `IT${String(10000000000 + n).slice(-11)}`, `dealer${i + 1}@${DOMAIN}`),
    });
  }
  list.push({
    idDealer: 'D-AUCT', idReferenceUser: 'auctioneer', status: 'ENABLED', capabilities: ['auctioneer', 'multiAuctioneer'], city: 'Milano', region: 'MI',
    business: business('Demo Auctions House', 1, 'Milano', 'IT00000000101', `auctioneer@${DOMAIN}`, { referenceFCA: 'FCA-DEMO-1' }),
  });
  list.push({
    idDealer: 'D-EXHB', idReferenceUser: 'exhibitor', status: 'ENABLED', capabilities: ['exhibitor'], city: 'Torino', region: 'TO',
    business: business('Demo Showroom', 2, 'Torino', 'IT00000000202', `exhibitor@${DOMAIN}`),
  });
  for (let i = 1; i <= 3; i++) {
    const [city, region] = CITIES[(i + 2) % CITIES.length]!;
    const email = `pending${i}@${DOMAIN}`;
    list.push({
      idDealer: `D-PEND-${i}`, idReferenceUser: `pending-${i}`, status: 'PENDING', city, region,
      business: business(`Pending Cars ${i}`, 900 + i, city, `IT${String(30000000000 + i).slice(-11)}`, email),
      newUser: { username: email, name: 'Demo', surname: `Pending ${i}`, flgEnabled: false },
    });
  }
  for (let i = 1; i <= 2; i++) {
    const email = `dac${i}@${DOMAIN}`;
    list.push({
      idDealer: `D-DAC-${i}`, idReferenceUser: `dac-${i}`, status: 'ENABLED', city: i === 1 ? 'Bergamo' : 'Brescia', region: i === 1 ? 'BG' : 'BS',
      business: business(`Demo Group ${i === 1 ? 'North' : 'South'}`, 950 + i, i === 1 ? 'Bergamo' : 'Brescia', DEMO_SHARED_VAT, email),
      newUser: { username: email, name: 'Demo', surname: `Group ${i}`, flgEnabled: true },
    });
  }
  return list;
}

/** Two small documents of a demo registration: a PDF chamber-of-commerce extract and a PNG identity document. */
const DEMO_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const DEMO_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

async function storeDocuments(demoBlobs: BlobStore | undefined, idDealer: string): Promise<DealerDocument[]> {
  if (!demoBlobs) return [];
  const pdf = await demoBlobs.put(DEMO_PDF, 'application/pdf', `dealer:${idDealer}`);
  const png = await demoBlobs.put(DEMO_PNG, 'image/png', `dealer:${idDealer}`);
  return [
    { kind: 'visura', idFile: pdf.idFile, mediaType: 'application/pdf', size: pdf.size, sha256: pdf.sha256 },
    { kind: 'doc', idFile: png.idFile, mediaType: 'image/png', size: png.size, sha256: png.sha256 },
  ];
}

/**
 * Gives the demo dealers real streams and business data (beside the log), idempotently: a dealer whose stream exists
 * is left as it is (a back-office change survives a restart), business data is written only where none is complete,
 * and the pending registrations' documents are stored only with their dealer. Returns how many dealers were created.
 */
export async function seedDemoDealers(writer: StreamWriter, config: Pick<AppConfig, 'demoDealers'>, now: number, accounts: DemoAccounts): Promise<number> {
  const dealers = demoDealers(config.demoDealers);
  const known = await accounts.personalData.getMany('DEALER', dealers.map((d) => d.idDealer));
  // In parallel, as the demo users: each dealer is its own stream (a start under load must not wait for them one by one).
  const created = await Promise.all(dealers.map((dealer, i) => seedDealer(writer, accounts, dealer, known.get(dealer.idDealer)?.vatCode ? null : dealer.business,
    new Date(now - (dealers.length - i) * 86_400_000).toISOString())));
  return created.filter(Boolean).length;
}

async function seedDealer(writer: StreamWriter, accounts: DemoAccounts, dealer: DemoDealer, business: Record<string, string | null> | null, registeredAt: string): Promise<boolean> {
  const sid = streamId.dealer(dealer.idDealer);
  if (business) await accounts.personalData.merge('DEALER', dealer.idDealer, business);
  if (dealer.newUser) await seedUser(writer, accounts, dealer);
  let documents: DealerDocument[] = [];
  if (dealer.status === 'PENDING') {
    // Documents are stored only with their dealer: a restart must not store them again.
    const exists = (await writer.execute({ streams: [sid], metadata: { userId: 'system' }, decide: () => [], reply: (view) => view.state<DealerState>(sid).status !== 'NONE' })).reply;
    if (exists) return false;
    documents = await storeDocuments(accounts.blobs, dealer.idDealer);
  }
  const data: DealerData = {
    idDealer: dealer.idDealer, idMarket: 'IT', country: 'IT', region: dealer.region, typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100',
    buyingInterest: 'CARS', language: 'it', idReferenceUser: dealer.idReferenceUser, registeredAt, documents,
  };
  const outcome = await writer.execute({
    streams: [sid],
    metadata: { userId: 'system' },
    decide: (view, at) => {
      let state = view.state<DealerState>(sid);
      const events = dealer.status === 'PENDING'
        ? decideDealer({ type: 'RegisterDealer', data }, state)
        : decideDealer({ type: 'CreateDealerByAdmin', data, by: 'system', now: at }, state);
      if (events.length === 0) return [];
      for (const event of events) state = evolveDealer(state, event);
      for (const capability of dealer.capabilities ?? []) {
        const more = decideDealer({ type: 'SetDealerCapability', idDealer: dealer.idDealer, capability, flgEnabled: true, by: 'system', now: at }, state);
        for (const event of more) state = evolveDealer(state, event);
        events.push(...more);
      }
      return [{ streamId: sid, events }];
    },
    reply: () => undefined,
  });
  return outcome.events > 0;
}

async function seedUser(writer: StreamWriter, accounts: DemoAccounts, dealer: DemoDealer): Promise<void> {
  const u = dealer.newUser!;
  const data: UserData = {
    idUser: dealer.idReferenceUser, username: u.username, roles: ['USER', 'BUYER'], idDealer: dealer.idDealer, idMarket: 'IT',
    preferredLanguage: 'it', consent1: true, consent2: true, consent3: true, flgEnabled: u.flgEnabled,
  };
  if (!(await accounts.usernames.claim(u.username, data.idUser))) return;
  if (!(await accounts.personalData.get('USER', data.idUser))) {
    await accounts.personalData.merge('USER', data.idUser, { name: u.name, surname: u.surname, email: u.username });
  }
  const sid = streamId.user(data.idUser);
  await writer.execute({
    streams: [sid], metadata: { userId: 'system' },
    decide: (view) => [{ streamId: sid, events: registrationEvents(data, view.state<UserState>(sid)) }],
    reply: () => undefined,
  });
}
