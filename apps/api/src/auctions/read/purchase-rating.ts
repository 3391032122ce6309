import type { PurchaseRow } from '@auction/contracts';
import { feedbackOf, type UserState } from '@auction/domain';

/**
 * A purchase row with the buyer's own rating of it (null: not rated yet), read from the user's stream as the engine's
 * index holds it: an auction purchase is rated per auction (every lot the buyer won there shows the one rating), a
 * showcase purchase per vehicle. The rating dialog opens from it with the vote disabled and the stars given.
 */
export function withOwnRating(row: PurchaseRow, buyer: UserState | undefined): PurchaseRow {
  const target = row.channel === 'AUCTION' ? row.idAuction : row.idVehicle;
  const feedback = buyer && target ? feedbackOf(buyer, row.channel, target) : null;
  return { ...row, rating: feedback?.rating ?? null, idFeedback: feedback?.idFeedback ?? null };
}
