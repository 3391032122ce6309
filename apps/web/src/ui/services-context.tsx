import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Services } from '../services.js';
import type { Store } from './store.js';

/** The services of this page load. */
export const ServicesContext = createContext<Services | null>(null);

/** The services; only inside {@link ServicesContext}. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}

/** Reads a store and re-renders on change. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The logged user (null when logged out). */
export function useProfile() {
  return useStore(useServices().session);
}
