/**
 * The first screen the server drew into the page (`#first-screen`, beside the client's root: the live auction page,
 * `apps/api/src/auctions/http/live-first-screen.ts`): shown from the HTML alone until the client has drawn the page
 * itself, then removed. Nothing happens on a page without one.
 */
export const FIRST_SCREEN_ID = 'first-screen';

/** Removes the server's first screen (once the client's own page is on screen). */
export function dropFirstScreen(doc: Pick<Document, 'getElementById'> = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}
