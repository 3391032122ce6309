/** The path this document was loaded at (the router may already show the next path when a route's guard runs). */
const DOCUMENT_PATH = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * The paths of the pages the server draws (the API's `partners/portal/portal-request.ts`, PORTAL_PATH): the empty path,
 * the market homes, `/hp` and the public pages.
 */
const SERVER_PAGE_PATH = /^\/(?:(?:it|be|es|en|de|nl|fr|pl|pt|lu|hp|partner|privacy|cookie|company|why-sign-up-component|contact)\/?)?$/;

/**
 * Pages the server draws (the public portal): this client reaches them by a full load. True when it left for `path`;
 * false when this document was itself served for one of them (the server sent this client instead: no portal build,
 * or a call it draws the page from failed), so that the caller goes on as this client would: another of its pages
 * would come back here (`/` redirects to `/it`, which cannot be drawn: a reload loop).
 */
export function leaveForServerPage(
  path: string, location: Pick<Location, 'assign'> = window.location, documentPath: string | null = DOCUMENT_PATH,
): boolean {
  if (documentPath === path || (documentPath !== null && SERVER_PAGE_PATH.test(documentPath))) return false;
  location.assign(path);
  return true;
}
