/**
 * A path of the portal to return to (the maintenance page's `from`): one `/`, then printable ASCII only. Browsers
 * drop tabs and line breaks from a URL and read `\` as `/`, so `/<TAB>/evil.example` or `/\evil.example` would
 * become the protocol-relative `//evil.example` once navigated to: an open redirect. The same rule as the API's
 * single sign-on `redirect` (SsoLoginQuery).
 */
const PORTAL_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;

/** Longest return path kept. */
export const RETURN_PATH_MAX = 1024;

/** `value` when it is a safe path of the portal (see {@link PORTAL_PATH}), else undefined. */
export function portalPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= RETURN_PATH_MAX && PORTAL_PATH.test(value) ? value : undefined;
}
