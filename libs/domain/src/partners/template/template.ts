import { assertNever } from '../../shared/errors.js';
import { changedFields, knownState } from '../../shared/changes.js';
import type { AuditStamp } from '../../shared/audit.js';
import type { Market } from '../../shared/statuses.js';

/**
 * A template (a partner, a selling channel): the channel an auction or a showcase sells through. Dealers are enabled
 * for templates, and a dealer sees, bids on, buys from and follows live only the auctions and showcases of the
 * templates it is enabled for (ARCHITECTURE.md, "Who sees what"). A template is created ENABLED; staff may disable and
 * re-enable it, or delete it (`DELETED`: gone from the lists, its history kept).
 */
export const TEMPLATE_STATUSES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** The fields of a template the back-office writes and edits (everything but its id and its owner). */
export const TEMPLATE_FIELDS = [
  'templateName', 'description', 'largeLogo', 'smallLogo', 'commercialInfoPhone', 'commercialInfoEmail', 'vatCode', 'idMarket', 'provenance',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** What a template is. Logos are ids of stored images (the photo pipeline's), never bytes. */
export interface TemplateFields {
  readonly templateName: string;
  readonly description: string | null;
  readonly largeLogo: string | null;
  readonly smallLogo: string | null;
  /** The channel's business contacts (a switchboard and a shared mailbox, not a person). */
  readonly commercialInfoPhone: string | null;
  readonly commercialInfoEmail: string | null;
  readonly vatCode: string | null;
  readonly idMarket: Market;
  /** The provenance (vehicle source code) the channel sells; a multi-auctioneer's templates are found by it. */
  readonly provenance: string | null;
}

export interface TemplateData extends TemplateFields {
  readonly idTemplate: string;
  /** The dealer (auctioneer) whose channel it is. */
  readonly idDealer: string;
}

/** A known template. `buyers`: the dealers enabled for it, sorted, without repeats. */
export interface KnownTemplate {
  readonly status: TemplateStatus;
  readonly data: TemplateData;
  readonly buyers: readonly string[];
  /** The multi-auctioneer dealers that sell through the template (spec 02 /admin/multi-auctioneer-template), sorted; absent: none. */
  readonly multiAuctioneers?: readonly string[];
}

export type TemplateState = { readonly status: 'NONE' } | KnownTemplate;

/** Events of a template stream (`template-{idTemplate}`), each with its audit stamp. */
export type TemplateEvent =
  | { type: 'TemplateCreated'; data: TemplateData & AuditStamp }
  /** Only the fields that changed. */
  | { type: 'TemplateEdited'; data: AuditStamp & Partial<TemplateFields> & { idTemplate: string } }
  | { type: 'TemplateEnabledChanged'; data: AuditStamp & { idTemplate: string; flgEnabled: boolean } }
  | { type: 'TemplateDeleted'; data: AuditStamp & { idTemplate: string; from: TemplateStatus } }
  /** A dealer was enabled for the template (it sees its auctions and showcases) or no longer is. */
  | { type: 'TemplateBuyerChanged'; data: AuditStamp & { idTemplate: string; idDealer: string; flgEnabled: boolean } }
  /** A multi-auctioneer dealer was associated with the template (sells through it) or no longer is. */
  | { type: 'TemplateMultiAuctioneerChanged'; data: AuditStamp & { idTemplate: string; idDealer: string; flgEnabled: boolean } };

export type TemplateCommand =
  | { type: 'CreateTemplate'; data: TemplateData; by: string; now: number }
  | { type: 'EditTemplate'; idTemplate: string; changes: Partial<TemplateFields>; by: string; now: number }
  | { type: 'SetTemplateEnabled'; idTemplate: string; flgEnabled: boolean; by: string; now: number }
  | { type: 'DeleteTemplate'; idTemplate: string; by: string; now: number }
  | { type: 'SetTemplateBuyer'; idTemplate: string; idDealer: string; flgEnabled: boolean; by: string; now: number }
  | { type: 'SetTemplateMultiAuctioneer'; idTemplate: string; idDealer: string; flgEnabled: boolean; by: string; now: number };

/** Why a template command was refused: unknown template (404300) or its state forbids it (409300). */
export const TEMPLATE_RULE_CODES = { NOT_FOUND: 404300, STATE_CONFLICT: 409300 } as const;

export class TemplateRuleError extends Error {
  constructor(readonly code: (typeof TEMPLATE_RULE_CODES)[keyof typeof TEMPLATE_RULE_CODES], message: string) {
    super(message);
    this.name = 'TemplateRuleError';
  }
  get httpStatus(): number {
    return Math.floor(this.code / 1000);
  }
}

export const initialTemplateState: TemplateState = { status: 'NONE' };

/** The template a command acts on: unknown 404300, deleted 409300. */
const known = (state: TemplateState): KnownTemplate => knownState(state, {
  NONE: () => new TemplateRuleError(TEMPLATE_RULE_CODES.NOT_FOUND, 'unknown template'),
  DELETED: () => new TemplateRuleError(TEMPLATE_RULE_CODES.STATE_CONFLICT, 'the template was deleted'),
});

/**
 * Decides a template command. Creating one that exists changes nothing (a retried request); a change to the state
 * the template is already in writes nothing. The payload's rules (lengths, market, e-mail) are the contract's.
 */
export function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  switch (command.type) {
    case 'CreateTemplate':
      if (state.status !== 'NONE') return [];
      return [{ type: 'TemplateCreated', data: { ...command.data, by: command.by, at: command.now } }];
    case 'EditTemplate': {
      const changes = changedFields(TEMPLATE_FIELDS, command.changes, known(state).data);
      if (!changes) return [];
      return [{ type: 'TemplateEdited', data: { idTemplate: command.idTemplate, ...changes, by: command.by, at: command.now } }];
    }
    case 'SetTemplateEnabled': {
      const template = known(state);
      if ((template.status === 'ENABLED') === command.flgEnabled) return [];
      return [{ type: 'TemplateEnabledChanged', data: { idTemplate: command.idTemplate, flgEnabled: command.flgEnabled, by: command.by, at: command.now } }];
    }
    case 'DeleteTemplate': {
      if (state.status === 'DELETED') return [];
      const template = known(state);
      return [{ type: 'TemplateDeleted', data: { idTemplate: command.idTemplate, from: template.status, by: command.by, at: command.now } }];
    }
    case 'SetTemplateBuyer': {
      const template = known(state);
      if (template.buyers.includes(command.idDealer) === command.flgEnabled) return [];
      const { idTemplate, idDealer, flgEnabled, by, now } = command;
      return [{ type: 'TemplateBuyerChanged', data: { idTemplate, idDealer, flgEnabled, by, at: now } }];
    }
    case 'SetTemplateMultiAuctioneer': {
      const template = known(state);
      if ((template.multiAuctioneers ?? []).includes(command.idDealer) === command.flgEnabled) return [];
      const { idTemplate, idDealer, flgEnabled, by, now } = command;
      return [{ type: 'TemplateMultiAuctioneerChanged', data: { idTemplate, idDealer, flgEnabled, by, at: now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one template event. Never throws. */
export function evolveTemplate(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'TemplateCreated': {
      if (state.status !== 'NONE') return state;
      const { by: _by, at: _at, ...data } = event.data;
      return { status: 'ENABLED', data, buyers: [] };
    }
    case 'TemplateEdited': {
      if (state.status === 'NONE') return state;
      const data: Record<string, unknown> = { ...state.data };
      for (const field of TEMPLATE_FIELDS) if (event.data[field] !== undefined) data[field] = event.data[field];
      return { ...state, data: data as unknown as TemplateData };
    }
    case 'TemplateEnabledChanged':
      if (state.status === 'NONE' || state.status === 'DELETED' || typeof event.data.flgEnabled !== 'boolean') return state;
      return { ...state, status: event.data.flgEnabled ? 'ENABLED' : 'DISABLED' };
    case 'TemplateDeleted':
      if (state.status === 'NONE') return state;
      return { ...state, status: 'DELETED' };
    case 'TemplateBuyerChanged': {
      if (state.status === 'NONE' || typeof event.data.idDealer !== 'string') return state;
      const others = state.buyers.filter((id) => id !== event.data.idDealer);
      return { ...state, buyers: event.data.flgEnabled === true ? [...others, event.data.idDealer].sort() : others };
    }
    case 'TemplateMultiAuctioneerChanged': {
      if (state.status === 'NONE' || typeof event.data.idDealer !== 'string') return state;
      const others = (state.multiAuctioneers ?? []).filter((id) => id !== event.data.idDealer);
      return { ...state, multiAuctioneers: event.data.flgEnabled === true ? [...others, event.data.idDealer].sort() : others };
    }
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/**
 * True when the dealer may see and trade on what the template sells: the template is enabled and the dealer is
 * enabled for it. The one rule of "who sees what" (the API's resource scope asks it for every dealer call).
 */
export function templateOpenTo(state: TemplateState | undefined, idDealer: string | null | undefined): boolean {
  return state !== undefined && state.status === 'ENABLED' && !!idDealer && state.buyers.includes(idDealer);
}

/** True for a template the lists show (known and not deleted). */
export function isTemplateListed(state: TemplateState): state is KnownTemplate {
  return state.status === 'ENABLED' || state.status === 'DISABLED';
}

export const templateDecider = { decide: decideTemplate, evolve: evolveTemplate, initialState: initialTemplateState };

/** Who asks about a template: roles, dealer, and the markets a back-office user manages. */
export interface TemplateViewer {
  readonly roles: readonly string[];
  readonly idDealer: string | null;
  /** ADMIN and CUSTOMER_CENTER: the markets they manage (adminEnabledMarket). */
  readonly markets: readonly Market[];
}

const isStaff = (viewer: TemplateViewer) => viewer.roles.includes('ADMIN') || viewer.roles.includes('CUSTOMER_CENTER');

/**
 * Who may create, edit, enable or delete a template, and enable dealers for it: an ADMIN of its market, or an
 * AUCTIONEER or MULTI_AUCTIONEER of the dealer whose channel it is.
 */
export function mayManageTemplate(viewer: TemplateViewer, data: Pick<TemplateData, 'idDealer' | 'idMarket'>): boolean {
  if (viewer.roles.includes('ADMIN') && viewer.markets.includes(data.idMarket)) return true;
  return (viewer.roles.includes('AUCTIONEER') || viewer.roles.includes('MULTI_AUCTIONEER')) && !!viewer.idDealer && viewer.idDealer === data.idDealer;
}

/**
 * Who may see a template: staff (ADMIN, CUSTOMER_CENTER) of its market, its manager, and a dealer it is open to
 * ({@link templateOpenTo}). A deleted template is seen by no one.
 */
export function maySeeTemplate(viewer: TemplateViewer, state: TemplateState | undefined): state is KnownTemplate {
  if (!state || !isTemplateListed(state)) return false;
  if (isStaff(viewer) && viewer.markets.includes(state.data.idMarket)) return true;
  if (viewer.roles.includes('MULTI_AUCTIONEER') && !!viewer.idDealer && (state.multiAuctioneers ?? []).includes(viewer.idDealer)) return true;
  return mayManageTemplate(viewer, state.data) || templateOpenTo(state, viewer.idDealer);
}

/** Who asks about an auction or a showcase of a template: the user, its roles and its dealer. */
export interface SellingViewer extends TemplateViewer {
  readonly idUser: string;
}

/**
 * Who sees, bids on, buys from and follows live an auction (or a showcase) sold through `idTemplate`: ADMIN and
 * CUSTOMER_CENTER, its owner, the managers of its template, and a dealer the template is open to. No template (the
 * default channel): everyone who may see auctions at all. The one rule the API's resource scope, lists and live
 * channels ask.
 */
export function sellingOpenTo(
  viewer: SellingViewer, sale: { readonly idOwner: string; readonly idTemplate?: string | null }, template: TemplateState | undefined,
): boolean {
  if (!sale.idTemplate) return true;
  if (isStaff(viewer) || viewer.idUser === sale.idOwner) return true;
  // A deleted template has no managers any more (the read model's lists agree: `isTemplateListed`); its auctions stay the owner's.
  if (template && isTemplateListed(template) && mayManageTemplate(viewer, template.data)) return true;
  return templateOpenTo(template, viewer.idDealer);
}

/** Why a sale may not go through a template ({@link sellThroughRefusal}). */
export type SellThroughRefusal = 'UNKNOWN' | 'DISABLED' | 'OTHER_MARKET';

/**
 * Whether `viewer` may sell (create or edit an auction, create a showcase) of market `idMarket` through the template:
 * an ADMIN of the template's market, an AUCTIONEER, MULTI_AUCTIONEER or EXHIBITOR of the dealer whose channel it is, or
 * a multi-auctioneer dealer associated with it. Null when it may; `UNKNOWN` when the template does not exist, is deleted
 * or is not the viewer's to sell through (the same answer, so another partner's channel is not disclosed); `DISABLED`
 * and `OTHER_MARKET` for a template the viewer sells through but that cannot take this sale.
 */
export function sellThroughRefusal(viewer: TemplateViewer, state: TemplateState | undefined, idMarket: string): SellThroughRefusal | null {
  if (!state || !isTemplateListed(state)) return 'UNKNOWN';
  const { idDealer, idMarket: market } = state.data;
  const ownDealer = !!viewer.idDealer && viewer.idDealer === idDealer && ['AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR'].some((r) => viewer.roles.includes(r));
  const associated = viewer.roles.includes('MULTI_AUCTIONEER') && !!viewer.idDealer && (state.multiAuctioneers ?? []).includes(viewer.idDealer);
  const admin = viewer.roles.includes('ADMIN') && viewer.markets.includes(market);
  if (!ownDealer && !associated && !admin) return 'UNKNOWN';
  if (state.status !== 'ENABLED') return 'DISABLED';
  return market === idMarket ? null : 'OTHER_MARKET';
}
