import type { LotFilters } from '@auction/contracts';
import { plateKey } from '@auction/domain';
import type { LotRow } from '../rows.js';

const contains = (value: string | null, text: string | undefined): boolean =>
  text === undefined || (value ?? '').toLowerCase().includes(text.toLowerCase());

/**
 * Whether a lot matches the search of `auctionFull/{id}/search`: brand, model and frame contain the text (any case), the
 * plate contains it compared as plates are (`plateKey`: "ab 123" finds "AB123CD"). `region`, `state` and `idVehicle`
 * are the lot's vehicle's: a lot typed in without a vehicle (all of them until lots reference vehicles, issue 22
 * item 5) matches none of them, rather than every lot.
 */
export function lotMatches(lot: LotRow, filters: LotFilters): boolean {
  if (filters.region !== undefined || filters.state !== undefined || filters.idVehicle !== undefined) return false;
  return contains(lot.brand, filters.brand) && contains(lot.model, filters.model) && contains(lot.frame, filters.frame)
    && (filters.licensePlate === undefined || plateKey(lot.licensePlate).includes(plateKey(filters.licensePlate)));
}
