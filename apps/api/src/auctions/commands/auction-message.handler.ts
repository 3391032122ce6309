import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuction, streamId, type AuctionState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { requireOwner } from '../auction-rules.js';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

/** Sets (blank: clears) an auction's own message to dealers: its owner or an administrator, before it closes. */
export class SetAuctionMessageCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly message: string, readonly correlationId: string) {}
}

@CommandHandler(SetAuctionMessageCommand)
export class SetAuctionMessageHandler implements ICommandHandler<SetAuctionMessageCommand, CommandOutcome<{ message: string | null }>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, idAuction, message, correlationId }: SetAuctionMessageCommand): Promise<CommandOutcome<{ message: string | null }>> {
    const auctionId = streamId.auction(idAuction);
    return this.writer.execute({
      streams: [auctionId],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view) => {
        const auction = view.state<AuctionState>(auctionId);
        requireOwner(auction, actor);
        return [{ streamId: auctionId, events: decideAuction({ type: 'SetAuctionMessage', message }, auction) }];
      },
      reply: (view) => {
        const auction = view.state<AuctionState>(auctionId);
        return { message: auction.status === 'NONE' ? null : auction.data.message ?? null };
      },
    });
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
    const auctionId = streamId.auction(idAuction);
    let replaced: string | null = null;
    return this.writer.execute({
      streams: [auctionId],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view) => {
        const auction = view.state<AuctionState>(auctionId);
        requireOwner(auction, actor);
        const events = decideAuction({ type: 'SetAuctionFileMessage', idFile }, auction);
        replaced = events.length > 0 && auction.status !== 'NONE' ? auction.data.idFileMessage ?? null : null;
        return [{ streamId: auctionId, events }];
      },
      reply: () => ({ idFile, replaced }),
    });
  }
}
