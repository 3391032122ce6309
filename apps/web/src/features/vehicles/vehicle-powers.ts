import type { ProvenanceView, UserProfile, VehicleCard } from '@auction/contracts';
import { mayChangeVehicle, type Role, type VehicleChange } from '@auction/domain';

/** The roles that open the vehicle area (the list's role table in the API: `GET /vehicle`). */
export const VEHICLE_AREA_ROLES: readonly Role[] = ['LOADER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN', 'CUSTOMER_CENTER'];

/** True when the roles open the vehicle area. */
export function opensVehicleArea(roles: readonly string[]): boolean {
  return roles.some((r) => (VEHICLE_AREA_ROLES as readonly string[]).includes(r));
}

/** The actions a row or the details page may offer. */
export type VehicleAction = 'edit' | 'publish' | 'unpublish' | 'sendToSup' | 'sendToMultiAuctioneer' | 'sendBack';

/**
 * What the user may do to a vehicle: the API's one rule (`mayChangeVehicle` of the domain: who holds it, the
 * provenance's dealer, ADMIN in its markets), narrowed by the state the decider allows (only a vehicle in stock
 * changes; publish what is unpublished and back; sending back a vehicle the loaders hold changes nothing). A read-only
 * user changes nothing. The server checks all of it again.
 */
export function vehicleActions(
  profile: Pick<UserProfile, 'idUser' | 'roles' | 'idDealer' | 'adminEnabledMarket' | 'readOnly'> | null,
  provenances: readonly ProvenanceView[],
  v: Pick<VehicleCard, 'provenance' | 'status' | 'published' | 'holder'>,
): VehicleAction[] {
  if (!profile || profile.readOnly || v.status !== 'STOCK') return [];
  const provenance = provenances.find((p) => p.code === v.provenance);
  const facts = { provenance: v.provenance, status: v.status, published: v.published, holderRole: v.holder.role, holderUserId: v.holder.idUser, soldUserId: null };
  const may = (change: VehicleChange) => mayChangeVehicle(profile, provenance, facts, change);
  const out: VehicleAction[] = [];
  if (may('edit')) out.push('edit');
  if (may('publish')) out.push(v.published ? 'unpublish' : 'publish');
  if (may('sendToSup') && v.holder.role === 'LOADER') out.push('sendToSup');
  if (may('sendToMultiAuctioneer') && v.holder.role === 'SUPERIOR') out.push('sendToMultiAuctioneer');
  if (may('sendBack') && v.holder.role !== 'LOADER') out.push('sendBack');
  return out;
}

/** True when the roles may load vehicles (`POST /upload-vehicle`: LOADER, ADMIN). */
export function mayUpload(roles: readonly string[]): boolean {
  return roles.includes('LOADER') || roles.includes('ADMIN');
}
