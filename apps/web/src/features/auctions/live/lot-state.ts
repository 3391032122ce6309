import type { StateValue } from 'xstate';

/** The dealer's own state of a lot, for the badge. */
export type MyLotState = 'noOffer' | 'placing' | 'leading' | 'outbid' | 'won' | 'lost';
/** The auctioneer's state of a lot. */
export type OwnerLotState = 'toAward' | 'awarded' | 'notAwarded';

/** Splits a lot machine's state value into its status and the viewer's sub-state (`{RUN: 'leading'}` → RUN, leading). */
export function splitLotState(value: StateValue): { status: string; sub: string | null } {
  if (typeof value === 'string') return { status: value, sub: null };
  const [status, inner] = Object.entries(value)[0] ?? ['SCH', null];
  if (typeof inner === 'string') return { status, sub: inner };
  if (inner && typeof inner === 'object') return { status, sub: splitLotState(inner as StateValue).status };
  return { status, sub: null };
}
