import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { rememberMarket } from './choices.js';
import { PortalApp } from './PortalApp.js';
import { PORTAL_DATA_ID, PORTAL_ROOT_ID, type PortalData } from './portal-data.js';
import './portal.css';

/**
 * The public portal's script (its own entry, `portal.html`: React and the portal only, not the private client): the
 * server drew the page (`renderPortal`) and handed its data over; the browser takes the same page over (hydration).
 */
const root = document.getElementById(PORTAL_ROOT_ID);
const block = document.getElementById(PORTAL_DATA_ID);
if (root && block?.textContent) {
  const data = JSON.parse(block.textContent) as PortalData;
  // The market of the page is the session market (spec 01 §4): kept for the server and for the private client's forms.
  if (data.page === 'home') rememberMarket(data.market);
  hydrateRoot(root, <StrictMode><PortalApp data={data} /></StrictMode>);
}
