import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuction, streamId, type AuctionCommand, type AuctionEvent, type AuctionState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { requireOwner } from '../auction-rules.js';
import type { CommandOutcome, StreamView, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

/**
 * One command on the auction's own stream, decided for its owner or an administrator (the messages to dealers);
 * `reply` sees the state before the command, the events decided and the view after.
 */
function onOwnedAuction<T>(
  writer: StreamWriter, actor: Actor, idAuction: string, correlationId: string, command: AuctionCommand,
  reply: (before: AuctionState, events: readonly AuctionEvent[], after: AuctionState) => T,
): Promise<CommandOutcome<T>> {
  const auctionId = streamId.auction(idAuction);
  let before: AuctionState | null = null;
  let decided: readonly AuctionEvent[] = [];
  return writer.execute({
    streams: [auctionId],
    actor,
    metadata: { userId: actor.idUser, correlationId },
    decide: (view) => {
      const auction = view.state<AuctionState>(auctionId);
      requireOwner(auction, actor);
      before = auction;
      decided = decideAuction(command, auction);
      return [{ streamId: auctionId, events: [...decided] }];
    },
    reply: (view: StreamView) => reply(before ?? view.state<AuctionState>(auctionId), decided, view.state<AuctionState>(auctionId)),
  });
}

/** Sets (blank: clears) an auction's own message to dealers: its owner or an administrator, before it closes. */
export class SetAuctionMessageCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly message: string, readonly correlationId: string) {}
}

@CommandHandler(SetAuctionMessageCommand)
export class SetAuctionMessageHandler implements ICommandHandler<SetAuctionMessageCommand, CommandOutcome<{ message: string | null }>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, idAuction, message, correlationId }: SetAuctionMessageCommand): Promise<CommandOutcome<{ message: string | null }>> {
    return onOwnedAuction(this.writer, actor, idAuction, correlationId, { type: 'SetAuctionMessage', message },
      (_before, _events, after) => ({ message: after.status === 'NONE' ? null : after.data.message ?? null }));
  }
}

/** What a file-message command changed: the document now set and the one it replaced (its blob to delete). */
export interface FileMessageChange {
  readonly idFile: string | null;
  readonly replaced: string | null;
}

/** Sets (null: removes) an auction's own regulation document: its owner or an administrator, before it closes. */
export class SetAuctionFileMessageCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly idFile: string | null, readonly correlationId: string) {}
}

@CommandHandler(SetAuctionFileMessageCommand)
export class SetAuctionFileMessageHandler implements ICommandHandler<SetAuctionFileMessageCommand, CommandOutcome<FileMessageChange>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, idAuction, idFile, correlationId }: SetAuctionFileMessageCommand): Promise<CommandOutcome<FileMessageChange>> {
    return onOwnedAuction(this.writer, actor, idAuction, correlationId, { type: 'SetAuctionFileMessage', idFile }, (before, events) => ({
      idFile, replaced: events.length > 0 && before.status !== 'NONE' ? before.data.idFileMessage ?? null : null,
    }));
  }
}
