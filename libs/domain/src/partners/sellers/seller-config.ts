import { assertNever } from '../../shared/errors.js';
import type { Market } from '../../shared/statuses.js';
import type { AuditStamp } from '../../shared/audit.js';

/**
 * How a market gives its dealers a reference seller: by the dealer's area (`AREA`: the seller covering the dealer's
 * COUNTRY_AREA), by its size (`CAR_SOLD`: the seller following its CAR_SOLD class), or only by hand (`MANUAL`: the
 * back-office's associate-seller-dealer). One list for the domain, the wire schema and the UI.
 */
export const SELLER_ASSIGNMENTS = ['MANUAL', 'AREA', 'CAR_SOLD'] as const;
export type SellerAssignment = (typeof SELLER_ASSIGNMENTS)[number];

/** A market's seller configuration. */
export interface SellerConfig {
  readonly idMarket: Market;
  readonly assignBy: SellerAssignment;
  /** Whether dealers see their reference seller (name and surname) in their private area and the app. */
  readonly showToDealers: boolean;
}

/** The configuration of a market nobody configured yet. */
export const defaultSellerConfig = (idMarket: Market): SellerConfig => ({ idMarket, assignBy: 'MANUAL', showToDealers: true });

/** State of a market's configuration stream (`sellerconfig-{idMarket}`). */
export type SellerConfigState = { readonly status: 'NONE' } | { readonly status: 'SET'; readonly config: SellerConfig };

export type SellerConfigEvent = { type: 'SellerConfigSet'; data: SellerConfig & AuditStamp };
export type SellerConfigCommand = { type: 'SetSellerConfig'; config: SellerConfig; by: string; now: number };

export const initialSellerConfigState: SellerConfigState = { status: 'NONE' };

/** The configuration in force: the one set, else the default. */
export function sellerConfigOf(state: SellerConfigState, idMarket: Market): SellerConfig {
  return state.status === 'SET' ? state.config : defaultSellerConfig(idMarket);
}

/** Sets a market's configuration; setting the one in force (the default included) writes nothing. */
export function decideSellerConfig(command: SellerConfigCommand, state: SellerConfigState): SellerConfigEvent[] {
  switch (command.type) {
    case 'SetSellerConfig': {
      const current = sellerConfigOf(state, command.config.idMarket);
      const { idMarket, assignBy, showToDealers } = command.config;
      if (current.assignBy === assignBy && current.showToDealers === showToDealers) return [];
      return [{ type: 'SellerConfigSet', data: { idMarket, assignBy, showToDealers, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command.type);
  }
}

/** Folds one configuration event; never throws. */
export function evolveSellerConfig(state: SellerConfigState, event: SellerConfigEvent): SellerConfigState {
  if (event.type !== 'SellerConfigSet') return state;
  const { idMarket, assignBy, showToDealers } = event.data;
  return { status: 'SET', config: { idMarket, assignBy, showToDealers: showToDealers !== false } };
}

/** The seller-configuration decider. */
export const sellerConfigDecider = { decide: decideSellerConfig, evolve: evolveSellerConfig, initialState: initialSellerConfigState };
