import { MARKETS, type Market } from '../../shared/statuses.js';
import type { UserData } from './user.js';

/**
 * What a user may change of their own account that is not personal data: the preferred language and the market.
 * Only the fields that change are carried, so replaying the log tells what the user actually changed.
 */
export interface PreferencesChange {
  readonly preferredLanguage?: string;
  readonly idMarket?: Market;
}

/** Body of `UserPreferencesChanged`: the user and the fields that changed (never a name, e-mail or other personal data). */
export type UserPreferencesChangedData = PreferencesChange & { readonly idUser: string };

/** Body of `UserConsentsGiven`: the three answers of the privacy page, all of them, as now given. */
export interface UserConsentsGivenData {
  readonly idUser: string;
  readonly consent1: boolean;
  readonly consent2: boolean;
  readonly consent3: boolean;
}

/**
 * The preferences change to record against the current data: the requested fields that differ, or null when none
 * does (the command is then a no-op, so a repeated save writes nothing). Pure.
 */
export function preferencesDelta(data: UserData, change: PreferencesChange): UserPreferencesChangedData | null {
  const delta: { idUser: string; preferredLanguage?: string; idMarket?: Market } = { idUser: data.idUser };
  if (change.preferredLanguage !== undefined && change.preferredLanguage !== data.preferredLanguage) delta.preferredLanguage = change.preferredLanguage;
  if (change.idMarket !== undefined && change.idMarket !== data.idMarket) delta.idMarket = change.idMarket;
  return delta.preferredLanguage === undefined && delta.idMarket === undefined ? null : delta;
}

/** The consents to record, or null when they equal the current ones (no-op). Pure. */
export function consentsDelta(data: UserData, consents: Omit<UserConsentsGivenData, 'idUser'>): UserConsentsGivenData | null {
  const { consent1, consent2, consent3 } = consents;
  if (consent1 === data.consent1 && consent2 === data.consent2 && consent3 === data.consent3) return null;
  return { idUser: data.idUser, consent1, consent2, consent3 };
}

/** The user's data after a `UserPreferencesChanged` (odd bodies of other writers ignored field by field: evolve never throws). */
export function withPreferences(data: UserData, event: Partial<UserPreferencesChangedData>): UserData {
  const next: { -readonly [K in keyof UserData]: UserData[K] } = { ...data };
  if (typeof event.preferredLanguage === 'string' && event.preferredLanguage !== '') next.preferredLanguage = event.preferredLanguage;
  if ((MARKETS as readonly unknown[]).includes(event.idMarket)) next.idMarket = event.idMarket as Market;
  return next;
}

/** The user's data after a `UserConsentsGiven` (a missing or non-boolean answer keeps the current one). */
export function withConsents(data: UserData, event: Partial<UserConsentsGivenData>): UserData {
  const pick = (value: unknown, current: boolean) => (typeof value === 'boolean' ? value : current);
  return { ...data, consent1: pick(event.consent1, data.consent1), consent2: pick(event.consent2, data.consent2), consent3: pick(event.consent3, data.consent3) };
}
