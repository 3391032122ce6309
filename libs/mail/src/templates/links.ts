import { MailError } from '../errors.js';

/** The web client's pages the mails link to (spec 01 §2 route segments). */
export const MAIL_LINK_PATHS = {
  /** The private area: the access guard sends a visitor without a session to the single sign-on page. */
  login: 'private',
  /** The recovery link page reads `tag`, `username` (and `email`); without parameters it is the request form. */
  passwordRecovery: 'password-recovery',
  /** The personal sign-up after an invite reads `email`, `tag` and `dealerId`. */
  userSignUp: 'user-signup',
} as const;

/** The portal's public address, checked: http(s) only, no credentials, query or fragment. */
export function parseBaseUrl(baseUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch (cause) {
    throw new MailError('INPUT_INVALID', 'the portal base URL is not a URL', { cause });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MailError('INPUT_INVALID', 'the portal base URL must be http(s)');
  if (url.username || url.password || url.search || url.hash) {
    throw new MailError('INPUT_INVALID', 'the portal base URL must have no credentials, query or fragment');
  }
  return url;
}

/**
 * A link to one of the portal's pages: the page's path under the base URL's own path (a portal served under
 * `/auctions/` keeps that prefix) and the parameters set with `searchParams`, which encodes them, so no value
 * can break out of its parameter.
 */
export function portalLink(baseUrl: string | URL, path: string, params: Readonly<Record<string, string>> = {}): string {
  const url = parseBaseUrl(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}
