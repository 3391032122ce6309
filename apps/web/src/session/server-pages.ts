/** The path this document was loaded at (the router may already show the next path when a route's guard runs). */
const DOCUMENT_PATH = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * Pages the server draws (the public portal): this client reaches them by a full load. True when it left for `path`;
 * false when this document was itself served for `path` (the server sent this client instead: no portal build), so
 * that the caller goes on as this client would, and nothing loops.
 */
export function leaveForServerPage(
  path: string, location: Pick<Location, 'assign'> = window.location, documentPath: string | null = DOCUMENT_PATH,
): boolean {
  if (documentPath === path) return false;
  location.assign(path);
  return true;
}
