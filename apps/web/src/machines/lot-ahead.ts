import type { LotView } from '@auction/contracts';
import { nextMinimumOffer, toCents } from '@auction/domain';
import type { LotMessage } from './live-messages.js';
import type { LotContext } from './lot-context.js';

/**
 * A best offer known before the live lot message that carries it: an accepted answer, an outbid notice, the notice of
 * an own offer placed from another device. `idOffer` null: whose it is is not known (someone else's).
 */
export interface AheadBest {
  readonly amount: number;
  readonly idOffer: string | null;
  /** Offers it adds to the view's count (a lower bound: others may have come before it). */
  readonly offers: number;
  /** The lot's end with it (an answer's `lotEndDate`); absent: not known. */
  readonly endDate?: string;
}

/**
 * A running lot's later end (`endDate` after the view's; undefined: none known) extends it: the end to show and the
 * context's `extendedFrom` (the end it had before). Ends only move later while a lot runs.
 */
export function extensionTo(ctx: LotContext, endDate: string | undefined): { endDate: string; extendedFrom: string | null } {
  const { lot } = ctx;
  const later = lot.status === 'RUN' && endDate !== undefined && Date.parse(endDate) > Date.parse(lot.endDate);
  return later ? { endDate: endDate!, extendedFrom: lot.endDate } : { endDate: lot.endDate, extendedFrom: ctx.extendedFrom };
}

/** The view takes a best offer ahead of it while the lot runs or waits for its award (a decided lot shows its own). */
const undecided = (lot: LotView) => lot.status === 'RUN' || (lot.status === 'CLD' && lot.awardStatus === 'TBA');

/** True when `best` is higher than the view's best offer, on a lot that can still show it. */
export function isAhead(ctx: LotContext, amount: number): boolean {
  const { lot } = ctx;
  return undecided(lot) && (lot.bestOffer === null || toCents(lot.bestOffer) < toCents(amount));
}

/**
 * The view with a best offer ahead of it: that best, its next minimum, its offers, its owner when known and, while
 * the lot runs, a later end (an extension). Live messages of a lower best are older: {@link olderThanView} keeps these
 * figures until a message catches up. Unchanged when the best is not ahead.
 */
export function showAhead(ctx: LotContext, ahead: AheadBest): LotContext {
  if (!isAhead(ctx, ahead.amount)) return ctx;
  const { lot } = ctx;
  const { endDate, extendedFrom } = extensionTo(ctx, ahead.endDate);
  return {
    ...ctx,
    lot: {
      ...lot, bestOffer: ahead.amount, bestOfferId: ahead.idOffer, offersCount: lot.offersCount + ahead.offers,
      nextMinimumOffer: nextMinimumOffer(lot, { amount: ahead.amount }), endDate,
    },
    extendedFrom,
    answerAhead: toCents(ahead.amount),
  };
}

/**
 * A live message older than a best offer already shown (a lower best: best offers only grow, whatever the status, and a
 * message published after the end from the state before a held offer says CLD): its position is taken, and its status
 * (the lot closed), but not its figures, nor does it change who leads.
 */
export function olderThanView(ctx: LotContext, message: LotMessage): boolean {
  return ctx.answerAhead !== undefined && (message.bestOffer === null || toCents(message.bestOffer) < ctx.answerAhead);
}

/**
 * Takes an older message ({@link olderThanView}): its position, status and award, and what only grows: a later end (ends
 * only move later while a lot runs; a notice ahead carries none) and its offers plus the one ahead. The view's best
 * offer, its id, its next minimum and who leads stay. A closed status the message got from an end the view has since
 * seen extended (the offer ahead moved it) is not taken.
 */
export function takeOlder(ctx: LotContext, message: LotMessage): LotContext {
  const { lot } = ctx;
  const offersCount = Math.max(lot.offersCount, message.offersCount + 1);
  if (message.status === 'RUN' || (lot.status === 'RUN' && Date.parse(message.endDate) < Date.parse(lot.endDate))) {
    const { endDate, extendedFrom } = extensionTo(ctx, message.status === 'RUN' ? message.endDate : undefined);
    return { ...ctx, lastPosition: message.position, lot: { ...lot, offersCount, endDate }, extendedFrom };
  }
  const { bestOffer, bestOfferId, nextMinimumOffer: minimum } = lot;
  const endDate = Date.parse(message.endDate) > Date.parse(lot.endDate) ? message.endDate : lot.endDate;
  return { ...ctx, lastPosition: message.position, lot: { ...message, bestOffer, bestOfferId, offersCount, nextMinimumOffer: minimum, endDate } };
}
