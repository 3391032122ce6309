import { DomainError, assertNever } from '../../shared/errors.js';
import { changedFields, knownState } from '../../shared/changes.js';
import type { Market } from '../../shared/statuses.js';
import type { AuditStamp } from '../../shared/audit.js';

/**
 * Where a seller stands: a seller (a partner's salesperson, the reference of the dealers of its areas) is `ACTIVE` until
 * the back-office deletes it (`DELETED`: gone from the lists, its history kept). One list for the domain, the wire schema and the UI.
 */
export const SELLER_STATUSES = ['ACTIVE', 'DELETED'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/**
 * What the log keeps of a seller: codes and ids only. Its name, surname, e-mail and phone are personal data: they live
 * beside the log (the personal-data store, kind SELLER) so they can be erased while the history stays.
 */
export interface SellerData {
  readonly idSeller: string;
  readonly idMarket: Market;
  /** COUNTRY_AREA codes (provinces, regions...) of the market the seller covers. */
  readonly areas: readonly string[];
  /** CAR_SOLD codes (how many cars a dealer sells a year) of the dealers the seller follows. */
  readonly carSold: readonly string[];
}

/** The code fields of a seller an edit may change. */
const SELLER_CODE_FIELDS = ['areas', 'carSold'] as const;
/** An edit's new codes (absent: unchanged). */
export type SellerCodeChange = Partial<Pick<SellerData, (typeof SELLER_CODE_FIELDS)[number]>>;

/** A known seller. */
export interface KnownSeller {
  readonly status: SellerStatus;
  readonly data: SellerData;
}

/** Seller state, discriminated on `status`. */
export type SellerState = { readonly status: 'NONE' } | KnownSeller;

/** Events of a seller stream (`seller-{idSeller}`), each with the audit stamp `{by, at}`. */
export type SellerEvent =
  | { type: 'SellerCreated'; data: SellerData & AuditStamp }
  /** Codes changed, and the NAMES of the personal fields changed beside the log. */
  | { type: 'SellerEdited'; data: AuditStamp & SellerCodeChange & { idSeller: string; personalFields?: readonly string[] } }
  | { type: 'SellerDeleted'; data: AuditStamp & { idSeller: string } };

/** Commands of a seller; `by` is the acting idUser and `now` epoch ms (no clock here). */
export type SellerCommand =
  | { type: 'CreateSeller'; data: SellerData; by: string; now: number }
  | { type: 'EditSeller'; idSeller: string; codes: SellerCodeChange; personalFields: readonly string[]; by: string; now: number }
  /** `referencedBy`: how many dealers have the seller as their reference now (the shell counts them). */
  | { type: 'DeleteSeller'; idSeller: string; referencedBy: number; by: string; now: number };

/** Initial state of a seller stream. */
export const initialSellerState: SellerState = { status: 'NONE' };

/** Codes as a set: sorted, each once (an edit that only reorders them changes nothing). */
export function sellerCodes(codes: readonly string[]): string[] {
  return [...new Set(codes)].sort();
}

const sameCodes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/** The seller, or 404370 when it is unknown or deleted. */
export function activeSeller(state: SellerState): KnownSeller {
  const notFound = () => new DomainError('SELLER_NOT_FOUND', 'unknown seller');
  return knownState(state, { NONE: notFound, DELETED: notFound });
}

/**
 * Decides the events of a seller command. Creating a seller that exists changes nothing (a retried request); an edit
 * that changes nothing writes nothing; a deleted seller is deleted once; a seller still the reference of dealers is
 * not deleted (409370: they would be left with a reference nobody can see).
 */
export function decideSeller(command: SellerCommand, state: SellerState): SellerEvent[] {
  switch (command.type) {
    case 'CreateSeller': {
      if (state.status !== 'NONE') return [];
      const { data } = command;
      return [{ type: 'SellerCreated', data: { ...data, areas: sellerCodes(data.areas), carSold: sellerCodes(data.carSold), by: command.by, at: command.now } }];
    }
    case 'EditSeller': {
      const seller = activeSeller(state);
      const codes = changedFields(SELLER_CODE_FIELDS, command.codes, seller.data, { normalize: sellerCodes, same: sameCodes });
      const personalFields = [...new Set(command.personalFields)].sort();
      if (!codes && personalFields.length === 0) return [];
      return [{
        type: 'SellerEdited',
        data: { idSeller: command.idSeller, ...codes, ...(personalFields.length ? { personalFields } : {}), by: command.by, at: command.now },
      }];
    }
    case 'DeleteSeller': {
      if (state.status === 'DELETED') return [];
      activeSeller(state);
      if (command.referencedBy > 0) {
        throw new DomainError('SELLER_STILL_REFERENCED', `the seller is the reference of ${command.referencedBy} dealer(s): associate them to another seller first`);
      }
      return [{ type: 'SellerDeleted', data: { idSeller: command.idSeller, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one seller event. Never throws: an odd or unknown event leaves the state as it is. */
export function evolveSeller(state: SellerState, event: SellerEvent): SellerState {
  switch (event.type) {
    case 'SellerCreated': {
      if (state.status !== 'NONE') return state;
      const { idSeller, idMarket, areas, carSold } = event.data;
      return { status: 'ACTIVE', data: { idSeller, idMarket, areas: Array.isArray(areas) ? areas : [], carSold: Array.isArray(carSold) ? carSold : [] } };
    }
    case 'SellerEdited': {
      if (state.status !== 'ACTIVE') return state;
      const { areas, carSold } = event.data;
      return {
        ...state,
        data: { ...state.data, ...(Array.isArray(areas) ? { areas } : {}), ...(Array.isArray(carSold) ? { carSold } : {}) },
      };
    }
    case 'SellerDeleted':
      return state.status === 'ACTIVE' ? { ...state, status: 'DELETED' } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** The seller decider. */
export const sellerDecider = { decide: decideSeller, evolve: evolveSeller, initialState: initialSellerState };
