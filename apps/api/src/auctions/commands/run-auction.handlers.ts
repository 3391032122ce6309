import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuction, decideLot, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { auctionStreams, existingAuction, followDecision } from '../auction-rules.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
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
 * Closes every lot of an auction whose end has passed, and lets the auction follow its lots (closed, awarded, reopened).
 * A lot whose closing is still held (an offer that arrived before its end is on its way to the lot's mailbox:
 * {@link OffersInFlight}) is left open, up to the cap; the reply names those lots, so the scheduler runs the command
 * again once they are released. The scheduler sends one per auction and end instant, however many lots end then; with no
 * lot due only the auction follows (reconciliation at start-up, after a buy-now).
 *
 * While the auction runs, the command takes only the lots due (and those this instance has not loaded yet), not every
 * stream of the auction: a closing must not queue behind the offers on the auction's other lots (issue 25, closing
 * rush: up to 100 mailboxes of offers each waiting for its idempotency claim). Once its lots are decided, when no lot of
 * the auction is left open as far as this writer knows, the auction follows in a second decision that takes every stream
 * of the auction (the one before this change, {@link closeAll}): that decision is made on the states it holds, so a lot
 * seen closed here but whose append is refused keeps the auction running. The auction stream and the other lots are
 * only peeked to choose the streams, never decided on.
 */
export class CloseLotCommand {
  constructor(readonly idAuction: string) {}
}

@CommandHandler(CloseLotCommand)
export class CloseLotHandler implements ICommandHandler<CloseLotCommand, CommandOutcome<string[]>> {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter, private readonly inFlight: OffersInFlight, @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ idAuction }: CloseLotCommand): Promise<CommandOutcome<string[]>> {
    const before = await this.writer.read<AuctionState>(streamId.auction(idAuction));
    if (before.status !== 'RUN') return this.closeAll(idAuction, before);
    const now = this.clock.now();
    // The lots due as far as this writer knows, and those it has not loaded (their state is known once taken).
    const taken = before.data.lotIds.filter((id) => {
      const lot = this.writer.peek<LotState>(streamId.lot(id));
      return !lot || (lot.status === 'OPEN' && lot.data.endMs <= now);
    });
    let ended = false;
    let closed: CommandOutcome<string[]> | null = null;
    if (taken.length > 0) {
      let held: string[] = [];
      closed = await this.writer.execute({
        streams: taken.map(streamId.lot),
        metadata: SYSTEM,
        decide: (view, at) => {
          held = [];
          const decisions: { streamId: string; events: ReturnType<typeof decideLot> }[] = [];
          const open = new Set<string>();
          for (const id of taken) {
            const sid = streamId.lot(id);
            const lot = view.state<LotState>(sid);
            if (lot.status !== 'OPEN') continue;
            if (lot.data.endMs > at) open.add(id);
            else if (this.inFlight.holdsClose(id, lot.data.endMs, at)) {
              held.push(id);
              open.add(id);
            } else decisions.push({ streamId: sid, events: decideLot({ type: 'CloseLot', now: at }, lot) });
          }
          ended = open.size === 0 && this.noneOpenElsewhere(idAuction, new Set(taken));
          return decisions;
        },
        reply: () => held,
      });
    } else ended = this.noneOpenElsewhere(idAuction, new Set());
    // A lot left out as not due whose state went back (a pipelined extension refused by the store: reloaded, due after
    // all) is not closed by this pass, and its closing timer has fired (this one): the whole auction decides then.
    if (!ended && !this.missedDue(idAuction, new Set(taken), now)) return closed ?? { reply: [], position: 0, events: 0, streams: [] };
    const followed = await this.closeAll(idAuction);
    if (!closed) return followed;
    return {
      reply: [...new Set([...closed.reply, ...followed.reply])],
      position: Math.max(closed.position, followed.position),
      events: closed.events + followed.events,
      streams: [...closed.streams, ...followed.streams],
    };
  }

  /**
   * Whether no lot of the auction but `taken` is open as far as this writer knows: then the auction may follow. A lot
   * not loaded, or to be reloaded, counts as ended (the auction's own decision finds out).
   */
  private noneOpenElsewhere(idAuction: string, taken: ReadonlySet<string>): boolean {
    const auction = this.writer.peek<AuctionState>(streamId.auction(idAuction));
    if (!auction || auction.status === 'NONE') return true;
    return auction.data.lotIds.every((id) => taken.has(id) || this.writer.peek<LotState>(streamId.lot(id))?.status !== 'OPEN');
  }

  /**
   * Whether a lot of the auction left out of `taken` is now due as of `now` (the instant the lots were chosen), or is
   * to be reloaded: a state this writer peeked went back.
   */
  private missedDue(idAuction: string, taken: ReadonlySet<string>, now: number): boolean {
    const auction = this.writer.peek<AuctionState>(streamId.auction(idAuction));
    if (!auction || auction.status === 'NONE') return false;
    return auction.data.lotIds.some((id) => {
      if (taken.has(id)) return false;
      const lot = this.writer.peek<LotState>(streamId.lot(id));
      return !lot || (lot.status === 'OPEN' && lot.data.endMs <= now);
    });
  }

  /** One decision on every stream of the auction: closes its lots due and lets the auction follow them. */
  private async closeAll(idAuction: string, known?: AuctionState): Promise<CommandOutcome<string[]>> {
    const before = known ?? (await this.writer.read<AuctionState>(streamId.auction(idAuction)));
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
