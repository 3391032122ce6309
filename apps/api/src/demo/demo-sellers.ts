import { decideSeller, decideSellerReference, streamId, type Market, type SellerReferenceState, type SellerState } from '@auction/domain';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import type { DemoAccounts } from './demo-data.js';

interface DemoSeller {
  readonly idSeller: string;
  readonly idMarket: Market;
  readonly name: string;
  readonly surname: string;
  readonly areas: readonly string[];
  readonly carSold: readonly string[];
}

/** The demo sellers: three of IT (north, centre, south) and one of DE, with fixed ids (a restart adds nothing twice). */
const SELLERS: readonly DemoSeller[] = [
  { idSeller: 'S-IT-NORD', idMarket: 'IT', name: 'Giulia', surname: 'Bianchi', areas: ['MI', 'TO', 'BG', 'BS'], carSold: ['101_250', '251_500', 'OVER_1000'] },
  { idSeller: 'S-IT-CENTRO', idMarket: 'IT', name: 'Marco', surname: 'Rossi', areas: ['RM', 'FI', 'BO'], carSold: ['UP_TO_50', '51_100'] },
  { idSeller: 'S-IT-SUD', idMarket: 'IT', name: 'Chiara', surname: 'Esposito', areas: ['NA'], carSold: [] },
  { idSeller: 'S-DE-1', idMarket: 'DE', name: 'Jonas', surname: 'Becker', areas: [], carSold: [] },
];

/** Which demo dealer has which reference seller: by the dealer's city (demo-dealers.ts cycles Milano, Roma, Torino, Napoli, Bologna, Firenze). */
const BY_REGION: Readonly<Record<string, string>> = { MI: 'S-IT-NORD', TO: 'S-IT-NORD', RM: 'S-IT-CENTRO', BO: 'S-IT-CENTRO', FI: 'S-IT-CENTRO', NA: 'S-IT-SUD' };
const CITY_REGIONS = ['MI', 'RM', 'TO', 'NA', 'BO', 'FI'];

/**
 * Seeds the demo sellers (their names beside the log, as every seller's) and gives the first demo dealers (D-1001...,
 * at most 12) their reference seller, so the sellers screens show something real. Idempotent: deciders write nothing twice.
 */
export async function seedDemoSellers(writer: StreamWriter, demoDealers: number, accounts: DemoAccounts, now: number): Promise<void> {
  for (const seller of SELLERS) {
    const sid = streamId.seller(seller.idSeller);
    await accounts.personalData.merge('SELLER', seller.idSeller, { name: seller.name, surname: seller.surname, email: `${seller.idSeller.toLowerCase()}@demo.example`, phone: null });
    await writer.execute({
      streams: [sid], metadata: { userId: 'system' }, reply: () => undefined,
      decide: (view) => [{ streamId: sid, events: decideSeller({ type: 'CreateSeller', data: seller, by: 'system', now }, view.state<SellerState>(sid)) }],
    });
  }
  for (let i = 0; i < Math.min(demoDealers, 12); i++) {
    const idDealer = `D-${1001 + i}`;
    const idSeller = BY_REGION[CITY_REGIONS[i % CITY_REGIONS.length]!]!;
    const ref = streamId.sellerReference(idDealer);
    const sid = streamId.seller(idSeller);
    await writer.execute({
      streams: [ref, sid], metadata: { userId: 'system' }, reply: () => undefined,
      // Only a dealer that never had one: a reference the back-office changed stays as it is after a restart.
      decide: (view) => view.state<SellerReferenceState>(ref).status !== 'NONE' ? [] : [{
        streamId: ref,
        events: decideSellerReference({
          type: 'AssociateSellerDealer', idDealer, dealerMarket: 'IT', idSeller, seller: view.state<SellerState>(sid), by: 'system', now,
        }, view.state<SellerReferenceState>(ref)),
      }],
    });
  }
}
