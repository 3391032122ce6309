import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PlaceOfferResponse } from '@auction/contracts';
import { DomainError, decideLot, regulationSatisfied, toIso, type AuctionState, type LotState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { requireLotOf } from '../auction-rules.js';
import { newId } from '../../platform/engine/ids.js';
import { streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';

/** A dealer's offer on a lot. */
export class PlaceOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly idAuction: string,
    readonly idLot: string,
    readonly amount: number,
    readonly clickAndBuy: boolean,
    readonly idempotencyKey: string | null,
    readonly correlationId: string,
    /** When the API received the request (epoch ms): the offer is judged at that instant, not when its turn comes. */
    readonly receivedAt?: number,
    /** The idempotency key's claim, awaited inside the lot's turn (`admissionOf`): a key never costs a place. */
    readonly admit?: Promise<void>,
    /** Called once the offer holds its place in the lot's mailbox: a closing queued after it decides after it. */
    readonly inTurn?: () => void,
  ) {}
}

/** The answer to an offer: its own, or, for a retried key, the first one's. */
export type PlaceOfferOutcome = CommandOutcome<PlaceOfferResponse & { closedByBuyNow: boolean }>;

@CommandHandler(PlaceOfferCommand)
export class PlaceOfferHandler implements ICommandHandler<PlaceOfferCommand, PlaceOfferOutcome> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  async execute(c: PlaceOfferCommand): Promise<PlaceOfferOutcome> {
    const { actor } = c;
    if (!actor.roles.includes('BUYER')) throw AccessError.role();
    if (!actor.flgEnabled) throw AccessError.disabled();
    // Regulation acceptance only ever grows, so reading it before taking the lot's mailbox is safe.
    const auction = await this.writer.read<AuctionState>(streamId.auction(c.idAuction));
    if (auction.status === 'NONE' || auction.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
    const regulationAccepted = regulationSatisfied(auction, actor.idUser);
    const sid = streamId.lot(c.idLot);
    const idOffer = newId();
    const outcome = this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser, idempotencyKey: c.idempotencyKey ?? undefined, correlationId: c.correlationId },
      ...(c.admit ? { admit: c.admit } : {}),
      decide: (view, now) => {
        const lot = requireLotOf(view, c.idAuction, c.idLot);
        const command = {
          type: 'PlaceOffer' as const, idOffer, idUser: actor.idUser, idDealer: actor.idDealer, amount: c.amount,
          clickAndBuy: c.clickAndBuy, idempotencyKey: c.idempotencyKey, regulationAccepted, now: c.receivedAt ?? now,
        };
        return [{ streamId: sid, events: decideLot(command, lot) }];
      },
      reply: (view, appended) => {
        const lot = view.state<LotState>(sid);
        if (lot.status === 'NONE' || lot.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
        const { data } = lot;
        const firstId = appended ? idOffer : data.dealers[actor.idUser]?.recentKeys.find((k) => k.key === c.idempotencyKey)?.idOffer;
        let offer = data.offers;
        while (offer && offer.head.idOffer !== firstId) offer = offer.tail;
        const mine = offer?.head;
        if (!mine) throw new DomainError('OFFER_NOT_FOUND', 'offer not found');
        return {
          idOffer: mine.idOffer, offer: mine.amount, bestOffer: data.best?.amount ?? mine.amount,
          leading: data.best?.idOffer === mine.idOffer, lotEndDate: toIso(data.endMs),
          closedByBuyNow: appended && mine.clickAndBuy,
        };
      },
    });
    // The writer queued the offer synchronously: its lot's closing no longer needs to wait for it (offers-in-flight.ts).
    c.inTurn?.();
    return outcome;
  }
}

/** Starts or ends a dealer's observation of a lot. */
export class ObserveLotCommand {
  constructor(readonly actor: Actor, readonly idAuction: string, readonly idLot: string, readonly end: boolean, readonly correlationId: string) {}
}

@CommandHandler(ObserveLotCommand)
export class ObserveLotHandler implements ICommandHandler<ObserveLotCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, idAuction, idLot, end, correlationId }: ObserveLotCommand): Promise<CommandOutcome<void>> {
    if (!actor.roles.includes('BUYER')) throw AccessError.role();
    const sid = streamId.lot(idLot);
    return this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view) => [{ streamId: sid, events: decideLot({ type: 'ObserveLot', idUser: actor.idUser, end }, requireLotOf(view, idAuction, idLot)) }],
      reply: () => undefined,
    });
  }
}
