import { assertNever } from '../../shared/errors.js';
import type { Market } from '../../shared/statuses.js';

/**
 * Where a dealer stands. A registered dealer waits, disabled, for an administrator (`PENDING`); issue 14 adds the
 * statuses an administrator's decision leads to (and their events) to this one list, which the wire schema and the
 * UI reuse.
 */
export const DEALER_STATUSES = ['PENDING'] as const;
export type DealerStatus = (typeof DEALER_STATUSES)[number];

/** The documents a registration carries: chamber-of-commerce extract, legal document, second legal document. */
export const DEALER_DOCUMENT_KINDS = ['visura', 'doc', 'doc2'] as const;
export type DealerDocumentKind = (typeof DEALER_DOCUMENT_KINDS)[number];

/** Media types a stored dealer document may have (sniffed by content, never the client's word). */
export const DEALER_DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/postscript'] as const;
export type DealerDocumentMediaType = (typeof DEALER_DOCUMENT_MEDIA_TYPES)[number];

/** A stored document of a dealer: which upload it was and the blob that holds it (never its bytes, never its name). */
export interface DealerDocument {
  readonly kind: DealerDocumentKind;
  readonly idFile: string;
  readonly mediaType: DealerDocumentMediaType;
  readonly size: number;
  /** Hex SHA-256 of the bytes: proves later which file the administrator judged. */
  readonly sha256: string;
}

/**
 * What the log keeps of a dealer: codes and ids only. Business and personal data (name, address, VAT code, e-mail,
 * phones, the legal representative's name, fiscal code and birth date) live beside the log (the shell's personal-data
 * store, kind `DEALER`), so they can be erased (issue 14) while the history stays.
 */
export interface DealerData {
  readonly idDealer: string;
  /** The market the dealer buys in (its country when that is a market, else `OTHER`). */
  readonly idMarket: Market;
  /** The COUNTRY code-table code the dealer gave (`EN` is the United Kingdom; LU, AT... follow the `OTHER` rules). */
  readonly country: string;
  /** COUNTRY_AREA code (province, department, region, county), or null where the country has none. */
  readonly region: string | null;
  /** Codes of the DEALER_ACTIVITY, CAR_SOLD and BUYING_INTEREST tables. */
  readonly typeDealerActivity: string;
  readonly carSold: string;
  readonly buyingInterest: string;
  /** The registrant's language (the mails to the dealer are written in it). */
  readonly language: string;
  readonly documents: readonly DealerDocument[];
  /** The user created for the legal representative (the dealer's first user). */
  readonly idReferenceUser: string;
  /** ISO instant of the registration (from the command: no clock here). */
  readonly registeredAt: string;
}

/** Dealer state, discriminated on `status`. */
export type DealerState =
  | { readonly status: 'NONE' }
  | { readonly status: 'PENDING'; readonly data: DealerData; readonly flgEnabled: false };

/** Events of a dealer stream (`dealer-{idDealer}`). */
export type DealerEvent = { type: 'DealerRegistered'; data: DealerData & { status: 'PENDING'; flgEnabled: false } };

/** Commands of a dealer. */
export type DealerCommand = { type: 'RegisterDealer'; data: DealerData };

/** Initial state of a dealer stream. */
export const initialDealerState: DealerState = { status: 'NONE' };

/**
 * Decides the events of a dealer command. Registering a dealer that exists changes nothing (a retried request
 * must not register it twice); the rules of the payload are checked by the shell before (they need the documents'
 * bytes and the registration schema of the identity context).
 */
export function decideDealer(command: DealerCommand, state: DealerState): DealerEvent[] {
  switch (command.type) {
    case 'RegisterDealer':
      if (state.status !== 'NONE') return [];
      return [{ type: 'DealerRegistered', data: { ...command.data, status: 'PENDING', flgEnabled: false } }];
    default:
      return assertNever(command.type);
  }
}

/** Folds one dealer event. Never throws (an event of an unknown type leaves the state as it is). */
export function evolveDealer(state: DealerState, event: DealerEvent): DealerState {
  switch (event.type) {
    case 'DealerRegistered': {
      if (state.status !== 'NONE') return state;
      const { status: _status, flgEnabled: _flgEnabled, ...data } = event.data;
      return { status: 'PENDING', data: { ...data, documents: Array.isArray(data.documents) ? data.documents : [] }, flgEnabled: false };
    }
    default: {
      const unknown: never = event.type;
      void unknown;
      return state;
    }
  }
}

/** True when the dealer's users may use the private area as dealers: an administrator enabled it (issue 14). */
export function isDealerEnabled(state: DealerState): boolean {
  return state.status !== 'NONE' && state.flgEnabled;
}

/** The dealer decider. */
export const dealerDecider = { decide: decideDealer, evolve: evolveDealer, initialState: initialDealerState };
