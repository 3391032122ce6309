import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuction, decideLot, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { auctionStreams, existingAuction, followDecision } from '../auction-rules.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { OffersInFlight } from '../scheduler/offers-in-flight.js';

const SYSTEM = { userId: 'system' };

/** Starts an auction at its start (scheduler). */
export class StartAuctionCommand {
  constructor(readonly idAuction: string) {}
}

@CommandHandler(StartAuctionCommand)
export class StartAuctionHandler implements ICommandHandler<StartAuctionCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ idAuction }: StartAuctionCommand): Promise<CommandOutcome<void>> {
    const sid = streamId.auction(idAuction);
    return this.writer.execute({
      streams: [sid],
      metadata: SYSTEM,
      decide: (view, now) => [{ streamId: sid, events: decideAuction({ type: 'StartAuction', now }, view.state<AuctionState>(sid)) }],
      reply: () => undefined,
    });
  }
}

/**
 * Closes, in one decision, every lot of an auction whose end has passed, and lets the auction follow its lots (closed,
 * awarded, reopened). A lot whose closing is still held (an offer that arrived before its end is on its way to the
 * lot's mailbox: {@link OffersInFlight}) is left open, up to the cap; the reply names those lots, so the scheduler
 * runs the command again once they are released. The scheduler sends one per auction and end instant, however many
 * lots end then; with no lot due only the auction follows (reconciliation at start-up, after a buy-now).
 */
export class CloseLotCommand {
  constructor(readonly idAuction: string) {}
}

@CommandHandler(CloseLotCommand)
export class CloseLotHandler implements ICommandHandler<CloseLotCommand, CommandOutcome<string[]>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, private readonly inFlight: OffersInFlight) {}

  async execute({ idAuction }: CloseLotCommand): Promise<CommandOutcome<string[]>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    let held: string[] = [];
    return this.writer.execute({
      streams: auctionStreams(before, idAuction),
      metadata: SYSTEM,
      decide: (view, now) => {
        const auction = view.state<AuctionState>(streamId.auction(idAuction));
        const lotIds = auction.status === 'NONE' ? [] : auction.data.lotIds;
        held = [];
        const lotDecisions: { streamId: string; events: ReturnType<typeof decideLot> }[] = [];
        for (const id of lotIds) {
          const sid = streamId.lot(id);
          const lot = view.state<LotState>(sid);
          if (lot.status !== 'OPEN' || lot.data.endMs > now) continue;
          if (this.inFlight.holdsClose(id, lot.data.endMs, now)) held.push(id);
          else lotDecisions.push({ streamId: sid, events: decideLot({ type: 'CloseLot', now }, lot) });
        }
        return [...lotDecisions, followDecision(view, idAuction, lotDecisions, now)];
      },
      reply: () => held,
    });
  }
}

/** Records a dealer's acceptance of an auction's regulation. */
export class AcceptRegulationCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly correlationId: string) {}
}

@CommandHandler(AcceptRegulationCommand)
export class AcceptRegulationHandler implements ICommandHandler<AcceptRegulationCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, idAuction, correlationId }: AcceptRegulationCommand): Promise<CommandOutcome<void>> {
    if (!actor.roles.includes('BUYER')) throw AccessError.role();
    const sid = streamId.auction(idAuction);
    return this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view) => [{ streamId: sid, events: decideAuction({ type: 'AcceptRegulation', idUser: actor.idUser }, existingAuction(view, idAuction)) }],
      reply: () => undefined,
    });
  }
}
