import { DomainError, assertNever } from '../../shared/errors.js';
import { changedFields, knownState } from '../../shared/changes.js';
import type { Market } from '../../shared/statuses.js';
import type { AuditStamp } from '../../shared/audit.js';

/**
 * Where a top banner (a `top-cms` item of the public home's slider) stands: `ACTIVE` until the back office deletes it
 * (`DELETED`: gone from every list and from the home, its history kept). Whether the home shows it is `enabled`.
 */
export const TOP_CMS_STATUSES = ['ACTIVE', 'DELETED'] as const;
export type TopCmsStatus = (typeof TOP_CMS_STATUSES)[number];

/** The device slots of a banner's images (spec 01 §2: desktop, tablet and mobile background images). */
export const TOP_CMS_SLOTS = ['desktop', 'tablet', 'mobile'] as const;
export type TopCmsSlot = (typeof TOP_CMS_SLOTS)[number];

/** One stored rendition of a banner image: a blob of the blob store, its width, height and media type. */
export interface TopCmsImageVariant {
  readonly idFile: string;
  readonly width: number;
  readonly height: number;
  readonly mediaType: 'image/avif' | 'image/webp';
}

/** A banner image: the id of its upload and the renditions made of it (modern formats, the sizes its device needs). */
export interface TopCmsImage {
  readonly idImage: string;
  readonly variants: readonly TopCmsImageVariant[];
}

/** The content of a banner: no personal data (texts of the portal, ids of public images). */
export interface TopCmsContent {
  readonly lang: string;
  readonly title: string;
  readonly text: string | null;
  readonly ctaLabel: string | null;
  /** The call to action's link: a path of the portal (`/registration`) or an https URL; null: no call to action. */
  readonly ctaUrl: string | null;
  readonly order: number;
  readonly enabled: boolean;
  readonly image: TopCmsImage;
  readonly imageTablet: TopCmsImage | null;
  readonly imageMobile: TopCmsImage | null;
}

/** A banner: its id, its market (fixed at creation) and its content. */
export interface TopCmsData extends TopCmsContent {
  readonly idTopCms: string;
  readonly idMarket: Market;
}

/** A known banner. */
export interface KnownTopCms {
  readonly status: TopCmsStatus;
  readonly data: TopCmsData;
}

/** Banner state, discriminated on `status`. */
export type TopCmsState = { readonly status: 'NONE' } | KnownTopCms;

/** Events of a banner stream (`topcms-{idTopCms}`), each with the audit stamp `{by, at}`. */
export type TopCmsEvent =
  | { type: 'TopCmsCreated'; data: TopCmsData & AuditStamp }
  /** The fields that changed, with their new values. */
  | { type: 'TopCmsEdited'; data: AuditStamp & Partial<TopCmsContent> & { idTopCms: string } }
  | { type: 'TopCmsDeleted'; data: AuditStamp & { idTopCms: string } };

/**
 * Commands of a banner; `by` is the acting idUser, `now` epoch ms, and `marketLanguages` the languages the banner's
 * market offers (spec 01 §4: the shell knows them, the domain does not): a banner in another language is never shown.
 */
export type TopCmsCommand =
  | { type: 'CreateTopCms'; data: TopCmsData; marketLanguages: readonly string[]; by: string; now: number }
  | { type: 'EditTopCms'; idTopCms: string; changes: Partial<TopCmsContent>; marketLanguages: readonly string[]; by: string; now: number }
  | { type: 'DeleteTopCms'; idTopCms: string; by: string; now: number };

/** Initial state of a banner stream. */
export const initialTopCmsState: TopCmsState = { status: 'NONE' };

/** The banner, or 404400 when it is unknown or deleted. */
export function activeTopCms(state: TopCmsState): KnownTopCms {
  const notFound = () => new DomainError('TOP_CMS_NOT_FOUND', 'unknown top banner');
  return knownState(state, { NONE: notFound, DELETED: notFound });
}

function assertLanguage(lang: string, marketLanguages: readonly string[]): void {
  if (!marketLanguages.includes(lang)) {
    throw new DomainError('TOP_CMS_LANGUAGE_NOT_OFFERED', `the market does not offer the language ${lang} (it offers ${marketLanguages.join(', ')})`);
  }
}

const CONTENT_KEYS = ['lang', 'title', 'text', 'ctaLabel', 'ctaUrl', 'order', 'enabled', 'image', 'imageTablet', 'imageMobile'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The images of a banner's content (the desktop one first), for the shell to keep or drop their files. */
export function topCmsImages(content: Pick<TopCmsContent, 'image' | 'imageTablet' | 'imageMobile'>): TopCmsImage[] {
  return [content.image, content.imageTablet, content.imageMobile].filter((i): i is TopCmsImage => i !== null);
}

/**
 * Decides the events of a banner command. Creating a banner that exists changes nothing (a retried request); an edit
 * that changes nothing writes nothing; a deleted banner is deleted once. A language the market does not offer is
 * refused (422400): the home asks for a market's banners in one of its languages only.
 */
export function decideTopCms(command: TopCmsCommand, state: TopCmsState): TopCmsEvent[] {
  switch (command.type) {
    case 'CreateTopCms': {
      if (state.status !== 'NONE') return [];
      assertLanguage(command.data.lang, command.marketLanguages);
      return [{ type: 'TopCmsCreated', data: { ...command.data, by: command.by, at: command.now } }];
    }
    case 'EditTopCms': {
      const changed = changedFields(CONTENT_KEYS, command.changes, activeTopCms(state).data, { same });
      if (!changed) return [];
      if (changed.lang !== undefined) assertLanguage(changed.lang, command.marketLanguages);
      return [{ type: 'TopCmsEdited', data: { idTopCms: command.idTopCms, ...changed, by: command.by, at: command.now } }];
    }
    case 'DeleteTopCms': {
      if (state.status === 'DELETED') return [];
      activeTopCms(state);
      return [{ type: 'TopCmsDeleted', data: { idTopCms: command.idTopCms, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one banner event. Never throws: an odd or unknown event leaves the state as it is. */
export function evolveTopCms(state: TopCmsState, event: TopCmsEvent): TopCmsState {
  switch (event.type) {
    case 'TopCmsCreated': {
      if (state.status !== 'NONE') return state;
      const { by: _by, at: _at, ...data } = event.data;
      return { status: 'ACTIVE', data };
    }
    case 'TopCmsEdited': {
      if (state.status !== 'ACTIVE') return state;
      const { by: _by, at: _at, idTopCms: _id, ...changes } = event.data;
      const content: Record<string, unknown> = {};
      for (const key of CONTENT_KEYS) if (changes[key] !== undefined) content[key] = changes[key];
      return { ...state, data: { ...state.data, ...(content as Partial<TopCmsContent>) } };
    }
    case 'TopCmsDeleted':
      return state.status === 'ACTIVE' ? { ...state, status: 'DELETED' } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** The top banner decider. */
export const topCmsDecider = { decide: decideTopCms, evolve: evolveTopCms, initialState: initialTopCmsState };
