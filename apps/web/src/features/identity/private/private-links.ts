/** The informative dialog's codes (spec 01 §2, §8): "1" the full privacy policy, "2" the full terms and conditions. */
export const INFORMATIVE_CODES = ['1', '2'] as const;
export type InformativeCode = (typeof INFORMATIVE_CODES)[number];

/** The i18n keys (namespace `privatePages`) of an informative dialog's title and text; null for any other code. */
export function informativeTexts(code: string): { readonly titleKey: string; readonly textKey: string } | null {
  if (code === '1') return { titleKey: 'informative.privacyTitle', textKey: 'informative.privacyText' };
  if (code === '2') return { titleKey: 'informative.termsTitle', textKey: 'informative.termsText' };
  return null;
}

/**
 * The leasing site of "my leasys" for a market: the site under the lower-cased country code (spec 01 §2: the
 * leasing link "points to a leasing site under the lower-cased country code"). Markets without a country of their
 * own (OTHER, none) get the site's root. Configuration: `VITE_LEASING_SITE_URL` at build time.
 */
export function leasingSiteUrl(
  market: string | null | undefined,
  base: string = (import.meta.env?.VITE_LEASING_SITE_URL as string | undefined) || 'https://www.leasys.com',
): string {
  const root = base.replace(/\/+$/, '');
  const country = (market ?? '').trim().toLowerCase();
  return /^[a-z]{2}$/.test(country) ? `${root}/${country}` : `${root}/`;
}

/**
 * The change-partition dialog's confirm (spec 01 §2: "a confirm button with an envelope icon"; the spec names no
 * call): an e-mail to the customer centre asking to move the dealer to another partition, naming the dealer and
 * the user so the centre knows whom to move.
 */
export function partitionMailto(
  to: string, subject: string, who: { readonly username: string; readonly idDealer?: string | null; readonly idMarket?: string | null },
  bodyIntro: string,
): string {
  const lines = [bodyIntro, '', `username: ${who.username}`];
  if (who.idDealer) lines.push(`idDealer: ${who.idDealer}`);
  if (who.idMarket) lines.push(`idMarket: ${who.idMarket}`);
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}
