import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import type { Services } from '../services.js';
import { usePushOpen } from '../features/communication/push-open.js';
import { PrivateMenu } from '../features/identity/private/PrivateMenu.js';
import { ensureGeolocatedMarket } from '../session/market.js';
import { AppHeader } from '../ui/AppHeader.js';
import { DialogHost } from '../ui/DialogHost.js';
import { dropFirstScreen } from '../ui/first-screen.js';
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
  // The server's first screen (the live auction page) stays until the route has drawn its own page, or its error, in
  // the same frame: never a moment without lots.
  const settled = useRouterState({ select: (s) => s.status === 'idle' && !s.isLoading });
  // A tapped push notification (the mobile shell's event) opens its page.
  usePushOpen();
  useLayoutEffect(() => {
    if (settled) dropFirstScreen();
  }, [settled]);
  return (
    <>
      <AppHeader />
      <LiveAlerts />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <PrivateMenu />
      <SpinnerOverlay />
      <DialogHost />
    </>
  );
}
