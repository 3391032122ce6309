import type { TFunction } from 'i18next';

/**
 * The permissions of a user as the back-office shows them: translated names in the page's language ("Administrator,
 * Buyer"), never the codes; a code the catalogue does not know is shown as it is.
 */
export function roleNames(t: TFunction, roles: readonly string[]): string {
  return roles.map((r) => t(`roles.${r}`, { ns: 'people', defaultValue: r })).join(', ');
}
