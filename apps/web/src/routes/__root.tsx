import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { Services } from '../services.js';
import { ensureGeolocatedMarket } from '../session/market.js';
import { AppHeader } from '../ui/AppHeader.js';
import { DialogHost } from '../ui/DialogHost.js';
import { LiveAlerts } from '../ui/LiveAlerts.js';
import { SpinnerOverlay } from '../ui/SpinnerOverlay.js';

/** What every route gets: the page's services. */
export interface RouterContext {
  readonly services: Services;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Geolocation on the first activation (spec 01 §4), without holding the page: it only stores the session market.
  beforeLoad: ({ context }) => { void ensureGeolocatedMarket(context.services.http, context.services.i18n); },
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <AppHeader />
      <LiveAlerts />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SpinnerOverlay />
      <DialogHost />
    </>
  );
}
