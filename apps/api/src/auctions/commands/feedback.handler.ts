import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, decideUser, streamId, type UserState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { partnerOfAuction, partnerOfShowcase, type ShowcaseSale } from '../../platform/engine/rated-partner.js';
import { derivedId } from '../../platform/engine/ids.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

/** What is rated: an auction the caller won in, or a showcase vehicle it bought (with where it was sold). */
export type FeedbackTarget =
  | { readonly kind: 'AUCTION'; readonly idAuction: string }
  | { readonly kind: 'SHOWCASE'; readonly idVehicle: string; readonly sale: ShowcaseSale };

/**
 * A dealer rates an auction or a showcase purchase (once per target: a repeat, or a concurrent double submit, returns
 * the same idFeedback and writes nothing). The caller checked that it bought there; the rating counts for the partner
 * of the sale (platform/engine/rated-partner.ts), written in the event.
 */
export class GiveFeedbackCommand {
  constructor(
    readonly actor: Actor,
    readonly target: FeedbackTarget,
    readonly rating: number,
    readonly idAuctioneer: string | null,
  ) {}
}

@CommandHandler(GiveFeedbackCommand)
export class GiveFeedbackHandler implements ICommandHandler<GiveFeedbackCommand, CommandOutcome<{ idFeedback: string }>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter, private readonly model: LiveReadModel) {}

  execute({ actor, target, rating, idAuctioneer }: GiveFeedbackCommand): Promise<CommandOutcome<{ idFeedback: string }>> {
    const named = idAuctioneer ?? undefined;
    const partner = target.kind === 'AUCTION' ? partnerOfAuction(this.model, target.idAuction, named) : partnerOfShowcase(this.model, target.sale, named);
    if (!partner.auctioneerMatches) {
      return Promise.reject(new DomainError('FEEDBACK_WRONG_AUCTIONEER', 'idAuctioneer names neither the owner nor the partner of this sale'));
    }
    const idTarget = target.kind === 'AUCTION' ? target.idAuction : target.idVehicle;
    const sid = streamId.user(actor.idUser);
    const idFeedback = derivedId('feedback', actor.idUser, target.kind, idTarget);
    const feedback = { idFeedback, target: target.kind, idTarget, rating, idAuctioneer, idTemplate: partner.idTemplate };
    return this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser },
      decide: (view) => [{ streamId: sid, events: decideUser({ type: 'GiveFeedback', feedback }, view.state<UserState>(sid)) }],
      reply: () => ({ idFeedback }),
    });
  }
}
