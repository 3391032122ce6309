import { Inject, Injectable } from '@nestjs/common';
import type { AuctionView, LotView, OfferReportRow, PurchaseQuery, PurchaseRow } from '@auction/contracts';
import { DomainError, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../engine/actor.js';
import { requireOwner } from '../engine/auction-rules.js';
import { streamId } from '@auction/domain';
import { CLOCK, type Clock } from '../engine/tokens.js';
import { LiveReadModel } from './live-read-model.js';
import { auctionView, isPrivileged, lotView } from './views.js';

/** Read side of auctions, answered from the read model. */
@Injectable()
export class AuctionQueries {
  constructor(private readonly model: LiveReadModel, @Inject(CLOCK) private readonly clock: Clock) {}

  /** An auction's view for a caller; `personal` adds the caller's own state per lot. */
  auction(actor: Actor, idAuction: string, personal: boolean): AuctionView {
    const auction = this.existing(idAuction);
    const view = auctionView(auction, this.lotsOf(auction), this.clock.now(), { actor, privileged: isPrivileged(auction, actor), personal });
    if (!view) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
    return view;
  }

  /** Running auctions, optionally those whose name, plate, brand or model contains `toSearch`. */
  running(actor: Actor, toSearch?: string): AuctionView[] {
    const needle = toSearch?.toLowerCase();
    const out: AuctionView[] = [];
    for (const auction of this.model.auctions.values()) {
      if (auction.status !== 'RUN') continue;
      const view = auctionView(auction, this.lotsOf(auction), this.clock.now(), { actor, privileged: isPrivileged(auction, actor), personal: true })!;
      if (!needle || matches(view, needle)) out.push(view);
    }
    return out.sort((a, b) => a.endDate.localeCompare(b.endDate));
  }

  /** Whether the caller accepted an auction's regulation. */
  acceptedRegulation(actor: Actor, idAuction: string): { accepted: boolean } {
    return { accepted: this.existing(idAuction).data.acceptedRegulation[actor.idUser] === true };
  }

  /** Lots the caller observes, with their live state. */
  observed(actor: Actor): (LotView & { auctionName: string })[] {
    const now = this.clock.now();
    const out: (LotView & { auctionName: string })[] = [];
    for (const lot of this.model.lots.values()) {
      if (lot.status === 'NONE' || lot.status === 'WITHDRAWN' || !lot.data.observers.includes(actor.idUser)) continue;
      const auction = this.model.auctions.get(streamId.auction(lot.data.definition.idAuction));
      if (!auction || auction.status === 'NONE' || auction.status === 'DELETED') continue;
      const view = lotView(lot, now, { actor, privileged: isPrivileged(auction, actor), personal: true });
      if (view) out.push({ ...view, auctionName: auction.data.auctionName });
    }
    return out;
  }

  /** Every accepted offer of an auction in stored order (owner or administrator). */
  offersReport(actor: Actor, idAuction: string): OfferReportRow[] {
    requireOwner(this.existing(idAuction), actor);
    return this.model.offersByAuction.get(idAuction) ?? [];
  }

  /** What the caller won in auctions or bought in the showcase, filtered. */
  purchases(actor: Actor, q: PurchaseQuery): PurchaseRow[] {
    const rows: PurchaseRow[] = [];
    for (const lot of this.model.lots.values()) {
      if (lot.status !== 'CLOSED' || lot.award.status !== 'AWA' || lot.award.idUser !== actor.idUser) continue;
      const def = lot.data.definition;
      const auction = this.model.auctions.get(streamId.auction(def.idAuction));
      const name = auction && auction.status !== 'NONE' ? auction.data.auctionName : null;
      rows.push({
        idAuction: def.idAuction, idLot: def.idLot, idVehicle: null, licensePlate: def.licensePlate, brand: def.brand, model: def.model,
        price: lot.award.amount, channel: 'AUCTION', date: new Date(lot.closedAtMs).toISOString(), auctionName: name, frame: def.frame,
      });
    }
    for (const v of this.model.vehicles.values()) {
      if (v.status !== 'SOLD' || v.sale.idUser !== actor.idUser) continue;
      const l = v.data.listing;
      rows.push({
        idAuction: null, idLot: null, idVehicle: l.idVehicle, licensePlate: l.licensePlate, brand: l.brand, model: l.model,
        price: v.sale.price, channel: 'SHOWCASE', date: v.sale.soldAt, auctionName: null, frame: null,
      });
    }
    return rows.filter((r) => purchaseMatches(r, q)).sort((a, b) => b.date.localeCompare(a.date));
  }

  private existing(idAuction: string): Extract<AuctionState, { status: 'SCH' | 'RUN' | 'CLD' | 'AWA' }> {
    const auction = this.model.auctions.get(streamId.auction(idAuction));
    if (!auction || auction.status === 'NONE' || auction.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
    return auction;
  }

  private lotsOf(auction: AuctionState): LotState[] {
    if (auction.status === 'NONE') return [];
    return auction.data.lotIds.map((id) => this.model.lots.get(streamId.lot(id))).filter((l): l is LotState => !!l);
  }
}

function matches(view: AuctionView, needle: string): boolean {
  if (view.auctionName.toLowerCase().includes(needle)) return true;
  return view.lots.some((l) => [l.licensePlate, l.brand, l.model].some((s) => s.toLowerCase().includes(needle)));
}

function purchaseMatches(r: PurchaseRow, q: PurchaseQuery): boolean {
  const has = (value: string | null, part?: string) => !part || (value ?? '').toLowerCase().includes(part.toLowerCase());
  return (!q.channel || r.channel === q.channel) && has(r.auctionName, q.auctionName) && has(r.frame, q.frame)
    && has(r.licensePlate, q.licensePlate) && (!q.idVehicle || r.idVehicle === q.idVehicle)
    && (!q.fromDate || r.date >= new Date(q.fromDate).toISOString()) && (!q.toDate || r.date <= new Date(q.toDate).toISOString());
}
