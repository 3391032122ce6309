import { useMemo } from 'react';
import type { ProvenanceView } from '@auction/contracts';
import { useProfile, useServices } from '../../ui/services-context.js';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { vehicleActions } from './vehicle-powers.js';
import { vehiclesApi, type VehiclesApi } from './vehicles-api.js';

/** The vehicle calls on this page load's Http (errors go through its interceptor: numeric code → errors namespace). */
export function useVehiclesApi(): VehiclesApi {
  const { http } = useServices();
  return useMemo(() => vehiclesApi(http), [http]);
}

const NONE: readonly ProvenanceView[] = [];

/** The provenances (reference data, once per screen): the search panel's choices and the change rule's dealers. */
export function useProvenances(): readonly ProvenanceView[] {
  const api = useVehiclesApi();
  const loaded = useLoaded(() => api.provenances(), 'provenances');
  return loaded.status === 'ready' ? loaded.data : NONE;
}

/** The actions the logged user may take on a vehicle (bound to the profile and the provenances). */
export function useVehicleActions(provenances: readonly ProvenanceView[]) {
  const profile = useProfile();
  return useMemo(() => (v: Parameters<typeof vehicleActions>[2]) => vehicleActions(profile, provenances, v), [profile, provenances]);
}
