import type { Services } from '../services.js';
import type { createAppRouter } from '../router.js';
import { setLogoutFlag } from './session-keys.js';
import '../features/identity/access/access.css';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Connects the error interceptor to the router (spec 01 §8), once both exist: status 0 → `/maintenance` (with the
 * page the visitor was on, to go back to), except on a page showing live data, which stays: its live connection
 * shows the server lost, pauses offers and catches up when the server answers (a bidder thrown out of a live auction
 * by a blip of a few seconds could not get back); `Error 403: AuthenticationFailed` → logout flag, session cleared, root.
 */
export function installNavigation(services: Services, router: AppRouter): void {
  services.http.navigation = {
    serverUnreachable() {
      if (services.live.showsLiveData()) {
        services.live.serverLost();
        return;
      }
      const here = router.state.location;
      if (here.pathname === '/maintenance') return;
      void router.navigate({ to: '/maintenance', search: { from: here.href } });
    },
    authenticationFailed() {
      setLogoutFlag(true);
      services.endSession();
      void router.navigate({ to: '/' });
    },
  };
}
