import { renderToString } from 'react-dom/server';
import { PortalApp } from './PortalApp.js';
import type { PortalData } from './portal-data.js';

export type { PortalData } from './portal-data.js';
export { PORTAL_DATA_ID, PORTAL_ROOT_ID, PORTAL_PAGES, MARKET_COOKIE, LANGUAGE_COOKIE } from './portal-data.js';

/** The public page of `data` as HTML (the server's side of the portal; the API loads this module from the web build's `dist-ssr`). */
export function renderPortal(data: PortalData): string {
  return renderToString(<PortalApp data={data} />);
}
