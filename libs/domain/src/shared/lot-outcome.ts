/**
 * Where a lot stands for the vehicle it sells: what the auctions context's lot says (`lotOutcomeOf`) and the vehicles
 * context's process manager follows (`vehicleCommandsForLot`). A plain shape in `shared/`: contexts do not import each other.
 * - `OPEN`: scheduled or running; `PENDING`: closed with offers, the award not decided yet;
 * - `UNSOLD`: closed without an offer; `NOT_AWARDED`: closed and not awarded; `WITHDRAWN`: removed from its auction;
 * - `AWARDED`: awarded (by the owner, the reserve or a buy-now) to a buyer at an amount.
 */
export type LotOutcome =
  | { readonly kind: 'NONE' | 'OPEN' | 'PENDING' | 'UNSOLD' | 'NOT_AWARDED' | 'WITHDRAWN' }
  | { readonly kind: 'AWARDED'; readonly idUser: string; readonly amount: number };
