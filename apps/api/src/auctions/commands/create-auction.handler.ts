import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuctionView, CreateAuctionRequest } from '@auction/contracts';
import {
  AUCTION_MANAGER_ROLES, DomainError, decideAuction, decideLot, realStartDate,
  type AuctionDefinition, type AuctionState, type LotDefinition, type LotState, type LotTiming,
} from '@auction/domain';
import { hasRole, type Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { derivedId, lotIdOf, newId } from '../../platform/engine/ids.js';
import { hasDuplicatePlate, streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { APP_CONFIG, STREAM_WRITER } from '../../platform/engine/tokens.js';
import type { AppConfig } from '../../platform/config/app-config.js';
import { LOT_VEHICLES, type LotVehicleData, type LotVehiclePlacement, type LotVehicles } from '../../platform/engine/lot-vehicles.js';
import { auctionView } from '@auction/contracts';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { assertMaySellThrough } from '../../platform/engine/sales-access.js';

/** Default anti-sniping rule when a create body has no `extension`. */
export const DEFAULT_EXTENSION = { windowSeconds: 60, extendSeconds: 60 } as const;

/**
 * Creates an auction and its lots in one atomic append; a lot naming a vehicle puts that vehicle in the auction in the
 * same append (`LOT_VEHICLES`): a vehicle refused refuses the whole auction, and nothing is written.
 */
export class CreateAuctionCommand {
  constructor(
    readonly actor: Actor,
    readonly body: CreateAuctionRequest,
    readonly idempotencyKey: string | null,
    readonly correlationId: string,
  ) {}
}

/** Refuses a body naming one vehicle in two lots (422014). */
export function assertVehiclesOnce(body: CreateAuctionRequest): void {
  const ids = body.lots.flatMap((l) => (l.idVehicle ? [l.idVehicle] : []));
  if (new Set(ids).size !== ids.length) throw new DomainError('DUPLICATE_LOT_VEHICLE', 'a vehicle appears in more than one lot of this auction');
}

/** The vehicles of a body's lots in their lots (`ids`: the lots' ids, in the body's order). */
export function vehicleSlots(idAuction: string, body: CreateAuctionRequest, ids: readonly string[]): LotVehiclePlacement[] {
  return body.lots.flatMap((l, i) => (l.idVehicle ? [{ idVehicle: l.idVehicle, idAuction, idLot: ids[i]!, idMarket: body.idMarket }] : []));
}

/**
 * The definitions of an auction's lots from a create or edit body. A lot naming a vehicle takes its plate, frame, brand,
 * model and cover photo from `vehicles` (the vehicle's, not what the client typed).
 */
export function lotDefinitions(
  idAuction: string, seller: { idOwner: string; idSellerDealer: string | null }, body: CreateAuctionRequest, ids: readonly string[],
  vehicles: ReadonlyMap<string, LotVehicleData> = new Map(),
): (LotDefinition & LotTiming)[] {
  const { idOwner, idSellerDealer } = seller;
  const ext = body.extension ?? DEFAULT_EXTENSION;
  assertVehiclesOnce(body);
  const described = body.lots.map((l) => {
    const v = l.idVehicle ? vehicles.get(l.idVehicle) : undefined;
    return v
      ? { ...l, licensePlate: v.licensePlate, frame: v.frame, brand: v.brand, model: v.model, vehicle: { idVehicle: l.idVehicle!, ...v } }
      : { ...l, vehicle: null };
  });
  // As the showcase: one plate once per auction ("AB 123 CD" and "ab123cd" are one plate: `plateKey`). A lot naming a
  // vehicle whose data is not read yet (the check before the command's turn) counts once it is.
  const known = described.filter((l, i) => !body.lots[i]!.idVehicle || vehicles.has(body.lots[i]!.idVehicle!));
  if (hasDuplicatePlate(known.map((l) => l.licensePlate))) {
    throw new DomainError('DUPLICATE_LICENSE_PLATE', 'a license plate appears more than once in this auction');
  }
  return described.map((l, i) => ({
    idLot: ids[i]!, idAuction, idOwner, idSellerDealer, lotNumber: i + 1, licensePlate: l.licensePlate.toUpperCase(), frame: l.frame ?? null,
    brand: l.brand, model: l.model, basePrice: l.basePrice, minIncrement: l.minIncrement, reservePrice: l.reservePrice ?? null,
    buyNowPrice: l.buyNowPrice ?? null, startDate: body.startDate, endDate: body.endDate, ...ext,
    ...(l.vehicle ? {
      idVehicle: l.vehicle.idVehicle, idCoverPhoto: l.vehicle.idCoverPhoto, firstRegistration: l.vehicle.firstRegistration,
      mileageKm: l.vehicle.mileageKm, fuel: l.vehicle.fuel,
    } : {}),
  }));
}

/**
 * The auction definition of a create or edit body. Its channel as the body says: a template, null (the default channel:
 * an edit moves the auction back to every dealer), or absent (an edit keeps the auction's channel).
 */
export function auctionDefinition(body: CreateAuctionRequest, lotIds: readonly string[]): AuctionDefinition {
  const ext = body.extension ?? DEFAULT_EXTENSION;
  return {
    auctionName: body.auctionName, idMarket: body.idMarket, auctionType: body.auctionType, startDate: body.startDate,
    endDate: body.endDate, regulationRequired: body.regulationRequired, ...ext, lotIds, ...(body.idTemplate !== undefined ? { idTemplate: body.idTemplate } : {}),
  };
}

@CommandHandler(CreateAuctionCommand)
export class CreateAuctionHandler implements ICommandHandler<CreateAuctionCommand, CommandOutcome<AuctionView>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles) {}
  /** The deployment's shortest auction (MIN_AUCTION_SECONDS). */
  @Inject(APP_CONFIG) private readonly config!: AppConfig;
  @Inject(LiveReadModel) private readonly index!: LiveReadModel;

  execute({ actor, body, idempotencyKey, correlationId }: CreateAuctionCommand): Promise<CommandOutcome<AuctionView>> {
    if (!hasRole(actor, AUCTION_MANAGER_ROLES)) throw AccessError.role();
    if (body.idTemplate) assertMaySellThrough(this.index, actor, body.idTemplate, body.idMarket);
    const idAuction = idempotencyKey ? derivedId('auction', actor.idUser, idempotencyKey) : newId();
    const lotIds = body.lots.map((_, i) => lotIdOf(idAuction, i + 1));
    const seller = { idOwner: actor.idUser, idSellerDealer: actor.idDealer };
    lotDefinitions(idAuction, seller, body, lotIds); // the body's own refusals (422008, 422014) before any stream is taken
    const slots = vehicleSlots(idAuction, body, lotIds);
    const auctionSid = streamId.auction(idAuction);
    return this.writer.execute({
      streams: [auctionSid, ...slots.map((v) => streamId.vehicle(v.idVehicle)), ...lotIds.map(streamId.lot)],
      actor,
      metadata: { userId: actor.idUser, idempotencyKey: idempotencyKey ?? undefined, correlationId },
      decide: (view, now) => {
        const scheduled = decideAuction(
          { type: 'ScheduleAuction', idAuction, idOwner: actor.idUser, idSellerDealer: actor.idDealer, definition: auctionDefinition(body, lotIds), now, minDurationMs: this.config.minAuctionMs },
          view.state<AuctionState>(auctionSid),
        );
        const vehicles = this.vehicles.decide(actor, view, slots, []);
        const lots = lotDefinitions(idAuction, seller, body, lotIds, vehicles.data);
        return [
        { streamId: auctionSid, events: scheduled },
        ...vehicles.decisions,
        ...lots.map((data) => ({
          streamId: streamId.lot(data.idLot),
          // Its lots start when the auction really does (a start already past is now).
          events: decideLot({ type: 'ScheduleLot', data: { ...data, startDate: realStartDate(data.startDate, now) } }, view.state<LotState>(streamId.lot(data.idLot))),
        })),
        ];
      },
      reply: (view, _appended, now) => {
        const auction = view.state<AuctionState>(auctionSid);
        const lotStates = lotIds.map((id) => view.state<LotState>(streamId.lot(id)));
        return auctionView(auction, lotStates, now, { actor, privileged: true, personal: false })!;
      },
    });
  }
}
