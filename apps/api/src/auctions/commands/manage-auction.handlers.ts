import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuctionView, EditAuctionRequest } from '@auction/contracts';
import { DomainError, decideAuction, decideLot, realStartDate, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { auctionStreams, existingAuction, requireOwner } from '../auction-rules.js';
import { lotIdOf } from '../../platform/engine/ids.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamView, StreamWriter } from '../../platform/engine/stream-writer.js';
import { APP_CONFIG, STREAM_WRITER } from '../../platform/engine/tokens.js';
import type { AppConfig } from '../../platform/config/app-config.js';
import { auctionView } from '@auction/contracts';
import { auctionDefinition, lotDefinitions, vehicleSlots } from './create-auction.handler.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { assertMaySellThrough } from '../../platform/engine/sales-access.js';
import { LOT_VEHICLES, type LotVehiclePlacement, type LotVehicleSlot, type LotVehicles } from '../../platform/engine/lot-vehicles.js';
import type { Decision } from '../../platform/engine/stream-writer.js';

/** The vehicle of a lot in `view` (null: none, or no such lot). */
function vehicleOf(view: StreamView, idLot: string): string | null {
  const lot = view.state<LotState>(streamId.lot(idLot));
  return lot.status === 'NONE' ? null : lot.data.definition.idVehicle ?? null;
}

/** The vehicles of lots read before a command's turn: their streams are among those the command takes. */
async function vehiclesOfLots(writer: StreamWriter, ids: readonly string[]): Promise<string[]> {
  const lots = await Promise.all(ids.map((id) => writer.read<LotState>(streamId.lot(id))));
  return lots.flatMap((l) => (l.status !== 'NONE' && l.data.definition.idVehicle ? [l.data.definition.idVehicle] : []));
}

/**
 * The vehicle decisions of an edit or delete: `release` back in stock, `place` in their lots. A vehicle whose stream
 * the command did not take (a lot changed between the read and the turn) is a retry (409002), as an edited auction is.
 */
function vehicleDecisions(
  vehicles: LotVehicles, actor: Actor, view: StreamView, held: ReadonlySet<string>, place: readonly LotVehiclePlacement[], release: readonly LotVehicleSlot[],
) {
  if ([...place, ...release].some((s) => !held.has(streamId.vehicle(s.idVehicle)))) {
    throw new DomainError('AUCTION_ALREADY_EXISTS', 'the auction was edited meanwhile: retry');
  }
  return vehicles.decide(actor, view, place, release);
}

function ownerView(view: StreamView, idAuction: string, actor: Actor, now: number): AuctionView {
  const auction = view.state<AuctionState>(streamId.auction(idAuction));
  const lots = auction.status === 'NONE' ? [] : auction.data.lotIds.map((id) => view.state<LotState>(streamId.lot(id)));
  return auctionView(auction, lots, now, { actor, privileged: true, personal: false })!;
}

type ExistingAuction = ReturnType<typeof existingAuction>;

/**
 * Runs `decide` on the auction `idAuction` in one turn over `streams`: the auction must exist and `actor` own it (read
 * again in the turn), and the answer is the owner's view of the auction after the append. `held` is the set of
 * `streams`, for a decision that must tell a stream the command did not take.
 */
function onOwnedAuction(
  writer: StreamWriter, actor: Actor, idAuction: string, correlationId: string, streams: readonly string[],
  decide: (auction: ExistingAuction, view: StreamView, now: number, held: ReadonlySet<string>) => Decision[],
): Promise<CommandOutcome<AuctionView>> {
  const held = new Set(streams);
  return writer.execute({
    streams: [...streams],
    actor,
    metadata: { userId: actor.idUser, correlationId },
    decide: (view, now) => {
      const auction = existingAuction(view, idAuction);
      requireOwner(auction, actor);
      return decide(auction, view, now, held);
    },
    reply: (view, _appended, now) => ownerView(view, idAuction, actor, now),
  });
}

/**
 * Edits a scheduled auction: lots with a known `idLot` are edited, new ones added, missing ones withdrawn; `idTemplate`
 * moves it to a template, or with null back to the default channel (absent: kept). The vehicles
 * follow in the same append: a withdrawn lot's vehicle (or one a lot no longer names) goes back to stock, a lot's new
 * vehicle is put in the auction (judged as on create).
 */
export class EditAuctionCommand {
  constructor(readonly actor: Actor, readonly body: EditAuctionRequest, readonly correlationId: string) {}
}

@CommandHandler(EditAuctionCommand)
export class EditAuctionHandler implements ICommandHandler<EditAuctionCommand, CommandOutcome<AuctionView>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles) {}
  /** The deployment's shortest auction (MIN_AUCTION_SECONDS). */
  @Inject(APP_CONFIG) private readonly config!: AppConfig;
  @Inject(LiveReadModel) private readonly index!: LiveReadModel;

  async execute({ actor, body, correlationId }: EditAuctionCommand): Promise<CommandOutcome<AuctionView>> {
    const { idAuction } = body;
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    requireOwner(before, actor);
    // A new channel, or the auction's own moved to another market (an edit naming no template keeps it), must be one the
    // editor sells through in that market; keeping both as they are needs no check (the template may have been disabled
    // since: the auction stays where it was sold). null is the default channel (every dealer): nothing to check.
    const channelBefore = before.status === 'NONE' ? null : { idTemplate: before.data.idTemplate ?? null, idMarket: before.data.idMarket };
    const channel = body.idTemplate === undefined ? channelBefore?.idTemplate ?? null : body.idTemplate;
    if (channel && (channel !== channelBefore?.idTemplate || body.idMarket !== channelBefore.idMarket)) {
      assertMaySellThrough(this.index, actor, channel, body.idMarket);
    }
    const oldIds = before.status === 'NONE' ? [] : before.data.lotIds;
    let next = oldIds.reduce((n, id) => Math.max(n, Number(id.split('-').at(-1)) || 0), 0);
    // A lot id is never reused: a withdrawn lot keeps its stream, so numbering skips every id that has one.
    const newIds: string[] = [];
    for (const l of body.lots) {
      if (l.idLot && oldIds.includes(l.idLot)) {
        newIds.push(l.idLot);
        continue;
      }
      let id = lotIdOf(idAuction, ++next);
      while ((await this.writer.read<LotState>(streamId.lot(id))).status !== 'NONE') id = lotIdOf(idAuction, ++next);
      newIds.push(id);
    }
    const removed = oldIds.filter((id) => !newIds.includes(id));
    const seller = before.status === 'NONE'
      ? { idOwner: actor.idUser, idSellerDealer: actor.idDealer }
      : { idOwner: before.data.idOwner, idSellerDealer: before.data.idSellerDealer ?? null };
    lotDefinitions(idAuction, seller, body, newIds); // the body's own refusals (422008, 422014) before any stream is taken
    const place = vehicleSlots(idAuction, body, newIds);
    const vehicleIds = [...new Set([...place.map((v) => v.idVehicle), ...(await vehiclesOfLots(this.writer, oldIds))])];
    const streams = [...auctionStreams(before, idAuction), ...vehicleIds.map(streamId.vehicle), ...newIds.map(streamId.lot)];
    return onOwnedAuction(this.writer, actor, idAuction, correlationId, streams, (auction, view, now, held) => {
      const edited = decideAuction({ type: 'EditAuction', definition: auctionDefinition(body, newIds), now, minDurationMs: this.config.minAuctionMs }, auction);
      const kept = new Map(place.map((v) => [v.idLot, v.idVehicle]));
      const release = auction.data.lotIds.flatMap((idLot): LotVehicleSlot[] => {
        const idVehicle = vehicleOf(view, idLot);
        return idVehicle && kept.get(idLot) !== idVehicle ? [{ idVehicle, idAuction, idLot }] : [];
      });
      const vehicles = vehicleDecisions(this.vehicles, actor, view, held, place, release);
      const lots = lotDefinitions(idAuction, seller, body, newIds, vehicles.data);
      return [
        { streamId: streamId.auction(idAuction), events: edited },
        ...vehicles.decisions,
        ...lots.map((defined) => {
          const data = { ...defined, startDate: realStartDate(defined.startDate, now) };
          const sid = streamId.lot(data.idLot);
          const state = view.state<LotState>(sid);
          if (!oldIds.includes(data.idLot) && state.status !== 'NONE') throw new DomainError('AUCTION_ALREADY_EXISTS', 'the auction was edited meanwhile: retry');
          return { streamId: sid, events: decideLot(state.status === 'NONE' ? { type: 'ScheduleLot', data } : { type: 'EditLot', data }, state) };
        }),
        ...removed.map((id) => ({ streamId: streamId.lot(id), events: decideLot({ type: 'WithdrawLot' }, view.state<LotState>(streamId.lot(id))) })),
      ];
    });
  }
}

/** Deletes a scheduled auction and withdraws its lots; their vehicles go back to stock (LOT_WITHDRAWN) in the same append. */
export class DeleteAuctionCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly correlationId: string) {}
}

@CommandHandler(DeleteAuctionCommand)
export class DeleteAuctionHandler implements ICommandHandler<DeleteAuctionCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles) {}

  async execute({ actor, idAuction, correlationId }: DeleteAuctionCommand): Promise<CommandOutcome<void>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    const vehicleIds = await vehiclesOfLots(this.writer, before.status === 'NONE' ? [] : before.data.lotIds);
    const streams = [...auctionStreams(before, idAuction), ...vehicleIds.map(streamId.vehicle)];
    const held = new Set(streams);
    return this.writer.execute({
      streams,
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view, now) => {
        const auction = view.state<AuctionState>(streamId.auction(idAuction));
        requireOwner(auction, actor);
        const events = decideAuction({ type: 'DeleteAuction', now }, auction);
        if (events.length === 0) return [];
        const lotIds = auction.status === 'NONE' ? [] : auction.data.lotIds;
        const release = lotIds.flatMap((idLot): LotVehicleSlot[] => {
          const idVehicle = vehicleOf(view, idLot);
          return idVehicle ? [{ idVehicle, idAuction, idLot }] : [];
        });
        const vehicles: Decision[] = vehicleDecisions(this.vehicles, actor, view, held, [], release).decisions;
        return [
          { streamId: streamId.auction(idAuction), events },
          ...vehicles,
          ...lotIds.map((id) => ({ streamId: streamId.lot(id), events: decideLot({ type: 'WithdrawLot' }, view.state<LotState>(streamId.lot(id))) })),
        ];
      },
      reply: () => undefined,
    });
  }
}

/**
 * Withdraws one lot of a scheduled auction (DELETE /auction/{a}/lot-detail/{lot}/{vehicle}): the edit of the auction
 * without that lot (`EditAuction` with its own definition minus the lot: an auction keeps at least one lot, 422006; only
 * while scheduled, 409001), the lot withdrawn and its vehicle back in stock (LOT_WITHDRAWN) in the same append.
 * `idVehicle` must name the lot's vehicle (else 404025); for a lot typed without a vehicle it is `-` or `0`.
 */
export class WithdrawLotCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly idLot: string, readonly idVehicle: string, readonly correlationId: string) {}
}

/** The `{idVehicle}` of a lot-withdrawal path that names no vehicle (a lot typed without one). */
export const NO_LOT_VEHICLE = ['-', '0'] as const;

@CommandHandler(WithdrawLotCommand)
export class WithdrawLotHandler implements ICommandHandler<WithdrawLotCommand, CommandOutcome<AuctionView>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles) {}
  @Inject(APP_CONFIG) private readonly config!: AppConfig;

  async execute({ actor, idAuction, idLot, idVehicle, correlationId }: WithdrawLotCommand): Promise<CommandOutcome<AuctionView>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    requireOwner(before, actor);
    const lotIds = before.status === 'NONE' ? [] : before.data.lotIds;
    if (!lotIds.includes(idLot)) throw new DomainError('LOT_NOT_FOUND', 'lot not found');
    const vehicleIds = await vehiclesOfLots(this.writer, [idLot]);
    const streams = [...auctionStreams(before, idAuction), ...vehicleIds.map(streamId.vehicle)];
    return onOwnedAuction(this.writer, actor, idAuction, correlationId, streams, (auction, view, now, held) => {
      if (!auction.data.lotIds.includes(idLot)) throw new DomainError('LOT_NOT_FOUND', 'lot not found');
      const lotVehicle = vehicleOf(view, idLot);
      const named = (NO_LOT_VEHICLE as readonly string[]).includes(idVehicle) ? null : idVehicle;
      if (named !== lotVehicle) throw new DomainError('LOT_VEHICLE_MISMATCH', 'this lot does not sell that vehicle');
      const { auctionName, idMarket, auctionType, startDate, endDate, regulationRequired, windowSeconds, extendSeconds } = auction.data;
      const definition = { auctionName, idMarket, auctionType, startDate, endDate, regulationRequired, windowSeconds, extendSeconds, lotIds: auction.data.lotIds.filter((id) => id !== idLot) };
      const edited = decideAuction({ type: 'EditAuction', definition, now, minDurationMs: this.config.minAuctionMs }, auction);
      const release = lotVehicle ? [{ idVehicle: lotVehicle, idAuction, idLot }] : [];
      return [
        { streamId: streamId.auction(idAuction), events: edited },
        ...vehicleDecisions(this.vehicles, actor, view, held, [], release).decisions,
        { streamId: streamId.lot(idLot), events: decideLot({ type: 'WithdrawLot' }, view.state<LotState>(streamId.lot(idLot))) },
      ];
    });
  }
}

/**
 * Moves the end of a scheduled or running auction and of its open lots (resize-time): while RUN only later than its
 * current end, and never a lot's end before its current end (`rescheduleAuctionEnd`, `rescheduleLotEnd`).
 */
export class ResizeTimeCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly endDate: string, readonly correlationId: string) {}
}

@CommandHandler(ResizeTimeCommand)
export class ResizeTimeHandler implements ICommandHandler<ResizeTimeCommand, CommandOutcome<AuctionView>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}
  @Inject(APP_CONFIG) private readonly config!: AppConfig;

  async execute({ actor, idAuction, endDate, correlationId }: ResizeTimeCommand): Promise<CommandOutcome<AuctionView>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    return onOwnedAuction(this.writer, actor, idAuction, correlationId, auctionStreams(before, idAuction), (auction, view, now) => {
      const events = decideAuction({ type: 'RescheduleAuctionEnd', endDate, now, minDurationMs: this.config.minAuctionMs }, auction);
      if (events.length === 0) return [];
      return [
        { streamId: streamId.auction(idAuction), events },
        ...auction.data.lotIds.map((id) => ({
          streamId: streamId.lot(id),
          events: decideLot({ type: 'RescheduleLotEnd', endDate, now }, view.state<LotState>(streamId.lot(id))),
        })),
      ];
    });
  }
}
