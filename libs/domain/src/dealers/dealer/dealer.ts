import { assertNever } from '../../shared/errors.js';
import type { Market } from '../../shared/statuses.js';
import type { AuditStamp } from '../../shared/audit.js';

/**
 * Where a dealer stands. A registered dealer waits, disabled, for an administrator (`PENDING`); the administrator
 * enables it (`ENABLED`), may disable and re-enable it (`DISABLED` ⇄ `ENABLED`) or delete it (`DELETED`: gone from the
 * lists, its history kept). One list for the domain, the wire schema and the UI.
 */
export const DEALER_STATUSES = ['PENDING', 'ENABLED', 'DISABLED', 'DELETED'] as const;
export type DealerStatus = (typeof DEALER_STATUSES)[number];

/** A dealer's partner capabilities; each grants its reference user the matching role (AUCTIONEER, EXHIBITOR, MULTI_AUCTIONEER). */
export const DEALER_CAPABILITIES = ['auctioneer', 'exhibitor', 'multiAuctioneer'] as const;
export type DealerCapability = (typeof DEALER_CAPABILITIES)[number];
export type DealerCapabilityFlags = Readonly<Record<DealerCapability, boolean>>;
/** No capability: a plain buying dealer. */
export const NO_CAPABILITIES: DealerCapabilityFlags = { auctioneer: false, exhibitor: false, multiAuctioneer: false };

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

/** The code fields of a dealer the back-office may edit (they are codes, not personal data: they go in the event). */
export const DEALER_CODE_FIELDS = ['region', 'typeDealerActivity', 'carSold', 'buyingInterest'] as const;
export type DealerCodeChange = Partial<Pick<DealerData, (typeof DEALER_CODE_FIELDS)[number]>>;

/** A known dealer's state. `flgEnabled` is true exactly when `status` is ENABLED (kept for readers of earlier releases). */
export interface KnownDealer {
  readonly status: DealerStatus;
  readonly data: DealerData;
  readonly flgEnabled: boolean;
  readonly capabilities: DealerCapabilityFlags;
  /** False while the dealer was never ENABLED (a registration waiting, or disabled before approval). Absent: true. */
  readonly approved?: boolean;
  /** What the dealer's last disable switched off, for its re-enable (see `usersToRestore`); absent while enabled. */
  readonly switchedOff?: SwitchedOff;
}

/**
 * The users a dealer's disable switched off and when (`at`, the disable's audit time, which their own
 * `UserEnabledChanged` carries too). `idUsers` null: a disable written by an earlier release, which did not record them.
 */
export interface SwitchedOff {
  readonly idUsers: readonly string[] | null;
  readonly at: number;
}

/** Dealer state, discriminated on `status`. */
export type DealerState = { readonly status: 'NONE' } | KnownDealer;

/** Events of a dealer stream (`dealer-{idDealer}`). All but the registration carry the audit stamp `{by, at}`. */
export type DealerEvent =
  | { type: 'DealerRegistered'; data: DealerData & { status: 'PENDING'; flgEnabled: false } }
  /** Staff created the dealer directly (enabled at once). */
  | { type: 'DealerCreatedByAdmin'; data: DealerData & AuditStamp & { status: 'ENABLED'; flgEnabled: true } }
  /** `switchedOff` (a disable): the ids of the users this disable switched off, whom the re-enable switches back on. */
  | { type: 'DealerEnabledChanged'; data: AuditStamp & { idDealer: string; flgEnabled: boolean; status: 'ENABLED' | 'DISABLED'; from: DealerStatus; switchedOff?: readonly string[] } }
  | { type: 'DealerCapabilityChanged'; data: AuditStamp & { idDealer: string; capability: DealerCapability; flgEnabled: boolean } }
  /** Codes changed, and the NAMES of the business/personal fields changed beside the log. */
  | { type: 'DealerEditedByAdmin'; data: AuditStamp & DealerCodeChange & { idDealer: string; personalFields?: readonly string[] } }
  | { type: 'DealerDeleted'; data: AuditStamp & { idDealer: string; from: DealerStatus } };

/** Commands of a dealer. The back-office ones carry `by` (the acting idUser) and `now` (epoch ms). */
export type DealerCommand =
  | { type: 'RegisterDealer'; data: DealerData }
  | { type: 'CreateDealerByAdmin'; data: DealerData; by: string; now: number }
  /** `switchedOff`: with a disable, the users the same write switches off (the shell decides them on their states). */
  | { type: 'SetDealerEnabled'; idDealer: string; flgEnabled: boolean; switchedOff?: readonly string[]; by: string; now: number }
  | { type: 'SetDealerCapability'; idDealer: string; capability: DealerCapability; flgEnabled: boolean; by: string; now: number }
  | { type: 'EditDealerByAdmin'; idDealer: string; codes: DealerCodeChange; personalFields: readonly string[]; by: string; now: number }
  | { type: 'DeleteDealer'; idDealer: string; by: string; now: number };

/** Why a back-office dealer command was refused: the dealer is unknown (404040) or its state forbids it (409130). */
export const DEALER_RULE_CODES = { NOT_FOUND: 404040, STATE_CONFLICT: 409130 } as const;

/** A broken dealer rule; the shell answers `status` with `code` (the dealer codes live in the API's table). */
export class DealerRuleError extends Error {
  constructor(readonly code: (typeof DEALER_RULE_CODES)[keyof typeof DEALER_RULE_CODES], message: string) {
    super(message);
    this.name = 'DealerRuleError';
  }
  /** HTTP status implied by the code. */
  get httpStatus(): number {
    return Math.floor(this.code / 1000);
  }
}

/** Initial state of a dealer stream. */
export const initialDealerState: DealerState = { status: 'NONE' };

function known(state: DealerState): KnownDealer {
  if (state.status === 'NONE') throw new DealerRuleError(DEALER_RULE_CODES.NOT_FOUND, 'unknown dealer');
  if (state.status === 'DELETED') throw new DealerRuleError(DEALER_RULE_CODES.STATE_CONFLICT, 'the dealer was deleted');
  return state;
}

/**
 * Decides the events of a dealer command. Registering or creating a dealer that exists changes nothing (a retried
 * request must not register it twice); the rules of the payload are checked by the shell before (they need the
 * documents' bytes and the registration schema). A change to the state the dealer is already in writes nothing.
 */
export function decideDealer(command: DealerCommand, state: DealerState): DealerEvent[] {
  switch (command.type) {
    case 'RegisterDealer':
      if (state.status !== 'NONE') return [];
      return [{ type: 'DealerRegistered', data: { ...command.data, status: 'PENDING', flgEnabled: false } }];
    case 'CreateDealerByAdmin':
      if (state.status !== 'NONE') return [];
      return [{ type: 'DealerCreatedByAdmin', data: { ...command.data, status: 'ENABLED', flgEnabled: true, by: command.by, at: command.now } }];
    case 'SetDealerEnabled': {
      const dealer = known(state);
      const to = command.flgEnabled ? 'ENABLED' : 'DISABLED';
      if (dealer.status === to) return [];
      const switchedOff = command.flgEnabled ? {} : { switchedOff: [...new Set(command.switchedOff ?? [])].sort() };
      return [{ type: 'DealerEnabledChanged', data: { idDealer: command.idDealer, flgEnabled: command.flgEnabled, status: to, from: dealer.status, ...switchedOff, by: command.by, at: command.now } }];
    }
    case 'SetDealerCapability': {
      const dealer = known(state);
      if (dealer.capabilities[command.capability] === command.flgEnabled) return [];
      const { idDealer, capability, flgEnabled, by, now } = command;
      return [{ type: 'DealerCapabilityChanged', data: { idDealer, capability, flgEnabled, by, at: now } }];
    }
    case 'EditDealerByAdmin': {
      const dealer = known(state);
      const codes: { -readonly [K in keyof DealerCodeChange]: DealerCodeChange[K] } = {};
      for (const field of DEALER_CODE_FIELDS) {
        const value = command.codes[field];
        if (value !== undefined && value !== dealer.data[field]) (codes as Record<string, unknown>)[field] = value;
      }
      const personalFields = [...new Set(command.personalFields)].sort();
      if (Object.keys(codes).length === 0 && personalFields.length === 0) return [];
      return [{
        type: 'DealerEditedByAdmin',
        data: { idDealer: command.idDealer, ...codes, ...(personalFields.length ? { personalFields } : {}), by: command.by, at: command.now },
      }];
    }
    case 'DeleteDealer': {
      if (state.status === 'DELETED') return [];
      const dealer = known(state);
      return [{ type: 'DealerDeleted', data: { idDealer: command.idDealer, from: dealer.status, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one dealer event. Never throws (an event of an unknown type, or on an unknown dealer, leaves the state as it is). */
export function evolveDealer(state: DealerState, event: DealerEvent): DealerState {
  switch (event.type) {
    case 'DealerRegistered':
    case 'DealerCreatedByAdmin': {
      if (state.status !== 'NONE') return state;
      const { status: _status, flgEnabled: _flgEnabled, ...rest } = event.data as DealerData & { status: unknown; flgEnabled: unknown; by?: unknown; at?: unknown };
      const { by: _by, at: _at, ...data } = rest;
      const status: DealerStatus = event.type === 'DealerCreatedByAdmin' ? 'ENABLED' : 'PENDING';
      return {
        status, data: { ...data, documents: Array.isArray(data.documents) ? data.documents : [] }, flgEnabled: status === 'ENABLED', capabilities: NO_CAPABILITIES,
        approved: status === 'ENABLED',
      };
    }
    case 'DealerEnabledChanged': {
      if (state.status === 'NONE' || state.status === 'DELETED') return state;
      const status = event.data.flgEnabled === true ? 'ENABLED' : event.data.flgEnabled === false ? 'DISABLED' : state.status;
      const { switchedOff: _previous, ...rest } = state;
      if (status === 'ENABLED') return { ...rest, status, flgEnabled: true, approved: true };
      if (status !== 'DISABLED' || state.status === 'DISABLED') return { ...state, status, flgEnabled: false };
      const recorded = event.data.switchedOff;
      const idUsers = Array.isArray(recorded) ? recorded.filter((id): id is string => typeof id === 'string') : null;
      const at = typeof event.data.at === 'number' && Number.isFinite(event.data.at) ? event.data.at : 0;
      return { ...rest, status, flgEnabled: false, switchedOff: { idUsers, at } };
    }
    case 'DealerCapabilityChanged': {
      if (state.status === 'NONE' || !(DEALER_CAPABILITIES as readonly unknown[]).includes(event.data.capability) || typeof event.data.flgEnabled !== 'boolean') return state;
      return { ...state, capabilities: { ...(state.capabilities ?? NO_CAPABILITIES), [event.data.capability]: event.data.flgEnabled } };
    }
    case 'DealerEditedByAdmin': {
      if (state.status === 'NONE') return state;
      const data: { -readonly [K in keyof DealerData]: DealerData[K] } = { ...state.data };
      for (const field of DEALER_CODE_FIELDS) {
        const value = event.data[field];
        if (typeof value === 'string' || (field === 'region' && value === null)) (data as Record<string, unknown>)[field] = value;
      }
      return { ...state, data };
    }
    case 'DealerDeleted':
      if (state.status === 'NONE') return state;
      return { ...state, status: 'DELETED', flgEnabled: false };
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** True when the dealer's users may use the private area as dealers: an administrator enabled it. */
export function isDealerEnabled(state: DealerState): boolean {
  return state.status === 'ENABLED';
}

/** True for a dealer the back-office lists (known and not deleted). */
export function isDealerListed(state: DealerState): state is KnownDealer {
  return state.status !== 'NONE' && state.status !== 'DELETED';
}

/** The dealer decider. */
export const dealerDecider = { decide: decideDealer, evolve: evolveDealer, initialState: initialDealerState };
