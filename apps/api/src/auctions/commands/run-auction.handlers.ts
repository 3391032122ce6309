import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuction, decideLot, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { auctionStreams, existingAuction, followDecision } from '../auction-rules.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

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
 * How long after its end a lot is closed: an offer received before the end but still on its way to the lot's mailbox
 * (authentication, parsing) is judged first, by the instant it arrived (`PlaceOfferCommand.receivedAt`).
 */
export const LOT_CLOSE_GRACE_MS = 250;

/**
 * Closes, in one decision, every lot of an auction whose end (plus the grace) has passed, and lets the auction follow
 * its lots (closed, awarded, reopened). The scheduler sends one per auction and end instant, however many lots end
 * then; with no lot due only the auction follows (reconciliation at start-up, after a buy-now).
 */
export class CloseLotCommand {
  constructor(readonly idAuction: string) {}
}

@CommandHandler(CloseLotCommand)
export class CloseLotHandler implements ICommandHandler<CloseLotCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  async execute({ idAuction }: CloseLotCommand): Promise<CommandOutcome<void>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    return this.writer.execute({
      streams: auctionStreams(before, idAuction),
      metadata: SYSTEM,
      decide: (view, now) => {
        const auction = view.state<AuctionState>(streamId.auction(idAuction));
        const lotIds = auction.status === 'NONE' ? [] : auction.data.lotIds;
        const closeAt = now - LOT_CLOSE_GRACE_MS;
        const lotDecisions = lotIds
          .map((id) => ({ streamId: streamId.lot(id), lot: view.state<LotState>(streamId.lot(id)) }))
          .filter(({ lot }) => lot.status === 'OPEN' && lot.data.endMs <= closeAt)
          .map(({ streamId: sid, lot }) => ({ streamId: sid, events: decideLot({ type: 'CloseLot', now: closeAt }, lot) }));
        return [...lotDecisions, followDecision(view, idAuction, lotDecisions, now)];
      },
      reply: () => undefined,
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
