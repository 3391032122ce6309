import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideUser, type UserState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { derivedId } from '../../platform/engine/ids.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

/** A dealer rates an auction or a showcase purchase (once per target; a repeat returns the same id). */
export class GiveFeedbackCommand {
  constructor(
    readonly actor: Actor,
    readonly target: 'AUCTION' | 'SHOWCASE',
    readonly idTarget: string,
    readonly rating: number,
    readonly idAuctioneer: string | null,
  ) {}
}

@CommandHandler(GiveFeedbackCommand)
export class GiveFeedbackHandler implements ICommandHandler<GiveFeedbackCommand, CommandOutcome<{ idFeedback: string }>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, target, idTarget, rating, idAuctioneer }: GiveFeedbackCommand): Promise<CommandOutcome<{ idFeedback: string }>> {
    const sid = streamId.user(actor.idUser);
    const idFeedback = derivedId('feedback', actor.idUser, target, idTarget);
    return this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser },
      decide: (view) => [{
        streamId: sid,
        events: decideUser({ type: 'GiveFeedback', feedback: { idFeedback, target, idTarget, rating, idAuctioneer } }, view.state<UserState>(sid)),
      }],
      reply: () => ({ idFeedback }),
    });
  }
}
