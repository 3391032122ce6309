/**
 * Secrets that user events written by earlier releases carry. `UserRegistered` bodies held the password hash
 * (`passwordHash`); credentials now live outside the log, so readers drop the field and the start-up
 * migration copies it into the credential store.
 */

const LEGACY_PASSWORD_HASH = 'passwordHash';

/** A user event's body without the password hash of earlier releases (the same object when it has none). */
export function withoutLegacySecrets(data: Record<string, unknown>): Record<string, unknown> {
  if (!(LEGACY_PASSWORD_HASH in data)) return data;
  const { [LEGACY_PASSWORD_HASH]: _secret, ...rest } = data;
  return rest;
}

/** The password hash an earlier release wrote into a `UserRegistered` body, or null. */
export function legacyPasswordHashOf(event: { readonly type: string; readonly data: Record<string, unknown> }): string | null {
  if (event.type !== 'UserRegistered') return null;
  const hash = event.data[LEGACY_PASSWORD_HASH];
  return typeof hash === 'string' && hash.length > 0 ? hash : null;
}
