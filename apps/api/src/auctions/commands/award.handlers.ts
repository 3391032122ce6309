import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LotView } from '@auction/contracts';
import { DomainError, decideLot, type AuctionState, type LotCommand, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { auctionStreams, existingAuction, followDecision, requireLotOf, requireOwner } from '../auction-rules.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, Decision, StreamView, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { LOT_VEHICLES, type LotVehicles } from '../../platform/engine/lot-vehicles.js';
import { lotView } from '@auction/contracts';

/** Which award operation, on which lots. */
export type AwardOperation =
  | { kind: 'award-one'; idLot: string; idOffer: string }
  | { kind: 'award-all' }
  | { kind: 'not-award'; idLots: readonly string[] }
  | { kind: 'revert'; idLot: string };

/** An award decision of the auction's owner; the auction follows in the same atomic append. */
export class AwardCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly operation: AwardOperation, readonly correlationId: string) {}
}

function lotCommands(op: AwardOperation, lotIds: readonly string[], now: number): [string, LotCommand][] {
  switch (op.kind) {
    case 'award-one': return [[op.idLot, { type: 'AwardLot', idOffer: op.idOffer, now }]];
    case 'award-all': return lotIds.map((id) => [id, { type: 'AwardLotIfReserveMet', now }]);
    case 'not-award': return op.idLots.map((id) => [id, { type: 'NotAwardLot', now }]);
    case 'revert': return [[op.idLot, { type: 'RevertLotAward' }]];
  }
}

@CommandHandler(AwardCommand)
export class AwardHandler implements ICommandHandler<AwardCommand, CommandOutcome<LotView[]>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles) {}

  async execute({ actor, idAuction, operation, correlationId }: AwardCommand): Promise<CommandOutcome<LotView[]>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    // A reverted not-award takes the lot's vehicle back (it went back to stock): its stream is held in the same turn.
    const reverted = operation.kind === 'revert' ? await this.writer.read<LotState>(streamId.lot(operation.idLot)) : null;
    const idVehicle = reverted && reverted.status !== 'NONE' ? reverted.data.definition.idVehicle ?? null : null;
    let touched: string[] = [];
    return this.writer.execute({
      streams: [...auctionStreams(before, idAuction), ...(idVehicle ? [streamId.vehicle(idVehicle)] : [])],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view, now) => {
        const auction = existingAuction(view, idAuction);
        requireOwner(auction, actor);
        if (operation.kind === 'award-all' && (auction.status === 'SCH' || auction.status === 'RUN')) {
          throw new DomainError('AUCTION_NOT_ENDED', 'the auction has not ended: its lots are awarded once it has closed');
        }
        const commands = lotCommands(operation, auction.data.lotIds, now);
        touched = commands.map(([id]) => id);
        const lotDecisions: Decision[] = commands.map(([id, command]) => {
          requireLotOf(view, idAuction, id);
          return { streamId: streamId.lot(id), events: decideLot(command, view.state<LotState>(streamId.lot(id))) };
        });
        return [...lotDecisions, ...this.vehicleBack(actor, view, auction.data.idMarket, operation, idVehicle), followDecision(view, idAuction, lotDecisions, now)];
      },
      reply: (view, _appended, now) =>
        touched
          .map((id) => lotView(view.state<LotState>(streamId.lot(id)), now, { actor, privileged: true, personal: false }))
          .filter((v): v is LotView => v !== null),
    });
  }

  /**
   * A not-award reverted puts the lot's vehicle back in the lot in the same append, as an edit would (the vehicles'
   * rule, its market and its decider): the not-award sent it back to stock, and since then it may have been put in
   * another auction or showcase, or sold there. Then the revert is refused (409201, 409202, 409010...) and the lot
   * stays not awarded, so a lot is never awarded for a vehicle sold or offered elsewhere.
   */
  private vehicleBack(actor: Actor, view: StreamView, idMarket: string, operation: AwardOperation, idVehicle: string | null): Decision[] {
    if (operation.kind !== 'revert' || !idVehicle) return [];
    const lot = view.state<LotState>(streamId.lot(operation.idLot));
    if (lot.status !== 'CLOSED' || lot.award.status !== 'NAW' || lot.data.definition.idVehicle !== idVehicle) return [];
    const place = [{ idVehicle, idAuction: lot.data.definition.idAuction, idLot: operation.idLot, idMarket }];
    return this.vehicles.decide(actor, view, place, []).decisions;
  }
}
