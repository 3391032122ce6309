import { auctionView, lotView, type AuctionView, type LotView, type OfferReportRow, type PurchaseQuery, type PurchaseRow, type VehicleView } from '@auction/contracts';
import {
  PAYMENT, awardStatusOf, liveHold, lotStatusAt, nextMinimumOffer, paymentStatusOf, showcaseDataOf, streamId, toIso, vehicleAvailability,
  type AuctionState, type PaymentState, type LotState, type UserState, type VehicleData, type VehicleState,
} from '@auction/domain';
import { newestFirst, purchaseMatches } from '../queries/purchases.js';
import type { Viewer } from '../queries/viewer.js';
import { showcaseSheetOf } from '../queries/views.js';
import { scenarioUsername } from './auction-scenario.test-support.js';
import type { EventLog } from './event-log.test-support.js';

/** A vehicle of the showcase: listed, or sold from a showcase (its showcase side, `data`, is there). */
type ShowcaseVehicle =
  | Extract<VehicleState, { status: 'LISTED' }>
  | (Extract<VehicleState, { status: 'SOLD' }> & { readonly data: VehicleData });

/**
 * What the queries must answer, computed from the domain states the deciders folded (the in-memory
 * read model's rules), independently of the tables.
 */
type Live = Extract<AuctionState, { status: 'SCH' | 'RUN' | 'CLD' | 'AWA' }>;

const privileged = (a: AuctionState, v: Viewer) => a.status !== 'NONE' && (v.roles.includes('ADMIN') || a.data.idOwner === v.idUser);

/** The contract's lot view of a domain state (the same function the API's command answers use). */
export function oracleLotView(state: LotState, now: number, v: Viewer, isPrivileged: boolean, personal: boolean): LotView | null {
  return lotView(state, now, { actor: v, privileged: isPrivileged, personal });
}

export class Oracle {
  constructor(private readonly log: EventLog, private readonly now: number) {}

  auction(v: Viewer, idAuction: string, personal: boolean): AuctionView | null {
    const a = this.log.state<AuctionState>(`auction-${idAuction}`, { initialState: { status: 'NONE' } });
    if (a.status === 'NONE' || a.status === 'DELETED') return null;
    return this.view(a, v, personal);
  }

  /** Every running auction (as the read model's pages put together), without its lots but with their count. */
  running(v: Viewer, toSearch?: string): (Omit<AuctionView, 'lots'> & { lotsCount: number })[] {
    const needle = toSearch?.toLowerCase();
    // Soonest scheduled end first (the auction's end, not its lots' shown end, so pages stay put while offers arrive).
    return this.log.statesOf<AuctionState>('auction-').filter((a): a is Live => a.status === 'RUN')
      .sort((x, y) => x.data.endMs - y.data.endMs)
      .map((a) => this.view(a, v, true))
      .filter((view) => !needle || view.auctionName.toLowerCase().includes(needle)
        || view.lots.some((l) => [l.licensePlate, l.brand, l.model].some((s) => s.toLowerCase().includes(needle))))
      .map(({ lots, ...view }) => ({ ...view, lotsCount: lots.length }));
  }

  observed(v: Viewer): (LotView & { auctionName: string })[] {
    const out: (LotView & { auctionName: string })[] = [];
    for (const lot of this.log.statesOf<LotState>('lot-')) {
      if (lot.status === 'NONE' || lot.status === 'WITHDRAWN' || !lot.data.observers.includes(v.idUser)) continue;
      const a = this.log.state<AuctionState>(`auction-${lot.data.definition.idAuction}`, { initialState: { status: 'NONE' } });
      if (a.status === 'NONE' || a.status === 'DELETED') continue;
      out.push({ ...oracleLotView(lot, this.now, v, privileged(a, v), true)!, auctionName: a.data.auctionName });
    }
    return out;
  }

  accepted(v: Viewer, idAuction: string): boolean {
    const a = this.log.state<AuctionState>(`auction-${idAuction}`, { initialState: { status: 'NONE' } });
    return a.status !== 'NONE' && a.data.acceptedRegulation[v.idUser] === true;
  }

  /** The auction's offers in stored order (with `idLot`: that lot's only), each with its lot's number and plate. */
  offersReport(idAuction: string, idLot?: string): OfferReportRow[] {
    const definitions = new Map(this.log.statesOf<LotState>('lot-').flatMap((l) => (l.status === 'NONE' ? [] : [[l.data.definition.idLot, l.data.definition] as const])));
    return this.log.events.filter((e) => e.type === 'OfferPlaced' && e.streamId.startsWith(`lot-${idAuction}-l`)).map((e) => {
      const d = e.data as { idOffer: string; idLot: string; idUser: string; amount: number; placedAt: string; clickAndBuy: boolean };
      const { lotNumber, licensePlate } = definitions.get(d.idLot)!;
      return {
        idOffer: d.idOffer, idLot: d.idLot, lotNumber, licensePlate, offer: d.amount, username: scenarioUsername(d.idUser), createdAt: d.placedAt,
        clickAndBuy: d.clickAndBuy,
      };
    }).filter((r) => idLot === undefined || r.idLot === idLot);
  }

  /** A purchase's id and the viewer's payment of it (a payment stream of another buyer counts as none). */
  private payment(v: Viewer, idPurchase: string): Pick<PurchaseRow, 'idPurchase' | 'paymentStatus'> {
    const state = this.log.state<PaymentState>(streamId.payment(idPurchase), PAYMENT);
    return { idPurchase, paymentStatus: state.status !== 'NONE' && state.purchase.idUser === v.idUser ? paymentStatusOf(state) : 'UNPAID' };
  }

  purchases(v: Viewer, q: PurchaseQuery): PurchaseRow[] {
    const rows: PurchaseRow[] = [];
    for (const lot of this.log.statesOf<LotState>('lot-')) {
      if (lot.status !== 'CLOSED' || lot.award.status !== 'AWA' || lot.award.idUser !== v.idUser) continue;
      const def = lot.data.definition;
      const a = this.log.state<AuctionState>(`auction-${def.idAuction}`, { initialState: { status: 'NONE' } });
      rows.push({
        idAuction: def.idAuction, idLot: def.idLot, idVehicle: def.idVehicle ?? null, licensePlate: def.licensePlate, brand: def.brand, model: def.model,
        price: lot.award.amount, channel: 'AUCTION', date: toIso(lot.closedAtMs), auctionName: a.status !== 'NONE' ? a.data.auctionName : null, frame: def.frame,
        ...this.payment(v, def.idLot),
      });
    }
    for (const s of this.log.statesOf<VehicleState>('vehicle-')) {
      // Showcase sales only (a sale in an auction is the lot's, above).
      if (s.status !== 'SOLD' || s.sale.idUser !== v.idUser || !s.data) continue;
      const l = s.data.listing;
      rows.push({
        idAuction: null, idLot: null, idVehicle: l.idVehicle, licensePlate: l.licensePlate, brand: l.brand, model: l.model,
        price: s.sale.price, channel: 'SHOWCASE', date: s.sale.soldAt, auctionName: null, frame: null,
        ...this.payment(v, l.idVehicle),
      });
    }
    return rows.filter((r) => purchaseMatches(r, q)).sort(newestFirst);
  }

  vehicles(v: Viewer, keep: (s: ShowcaseVehicle) => boolean): VehicleView[] {
    return this.log.statesOf<VehicleState>('vehicle-').filter((s): s is ShowcaseVehicle => showcaseDataOf(s) !== null && keep(s as ShowcaseVehicle))
      .map((s) => {
        const hold = s.status === 'LISTED' ? liveHold(s.data, this.now) : null;
        const l = s.data.listing;
        const sheet = showcaseSheetOf(s.record);
        return {
          idVehicle: l.idVehicle, idShowcase: l.idShowcase, coverPhoto: sheet?.photos[0] ?? null, sheet, idMarket: l.idMarket, licensePlate: l.licensePlate, brand: l.brand, model: l.model, price: l.price,
          state: vehicleAvailability(s, this.now)!, heldByMe: hold?.idUser === v.idUser, holdUntil: hold ? toIso(hold.untilMs) : null,
          inMyLot: s.data.inMyLotOf.includes(v.idUser), boughtByMe: s.status === 'SOLD' && s.sale.idUser === v.idUser,
        };
      });
  }

  showcaseAccepted(v: Viewer): boolean {
    const u = this.log.state<UserState>(`user-${v.idUser}`, { initialState: { status: 'NONE' } });
    return u.status === 'ACTIVE' && u.showcaseRegulationAccepted;
  }

  private view(a: Live, v: Viewer, personal: boolean): AuctionView {
    const d = a.data;
    const lots = d.lotIds.map((id) => this.log.state<LotState>(`lot-${id}`, { initialState: { status: 'NONE' } }));
    return auctionView(a, lots, this.now, { actor: v, privileged: privileged(a, v), personal })!;
  }
}
