import type { i18n as I18n } from 'i18next';
import type { UserProfile } from '@auction/contracts';
import { auctionApi, type AuctionApi } from './features/auctions/auction-api.js';
import { Http } from './api/http.js';
import { showcaseApi, type ShowcaseApi } from './features/showcase/showcase-api.js';
import { LiveHub } from './live/live-hub.js';
import { ClockService } from './live/clock-service.js';
import { Dialogs } from './ui/dialogs.js';
import { Spinner } from './ui/spinner.js';
import { createStore, type Store } from './ui/store.js';

/** Everything the screens share, created once per page load. */
export interface Services {
  readonly http: Http;
  readonly api: AuctionApi;
  /** The showcase calls, on the same Http. */
  readonly showcase: ShowcaseApi;
  readonly spinner: Spinner;
  readonly dialogs: Dialogs;
  readonly i18n: I18n;
  /** The logged user; null when logged out. */
  readonly session: Store<UserProfile | null>;
  readonly live: LiveHub;
  readonly clock: ClockService;
  /** Called with the path to go to when the session is gone (set by the router). */
  onSessionLost: (reason: 'unauthorized' | 'logged-out') => void;
  /** Loads the profile; starts or stops the live connection and the clock with it. */
  loadSession(): Promise<UserProfile | null>;
  /** Clears the session locally (after logout or expiry). */
  endSession(): void;
}

/** Wires the services together. */
export function createServices(i18n: I18n): Services {
  const spinner = new Spinner();
  const dialogs = new Dialogs();
  const session = createStore<UserProfile | null>(null);
  const services: Services = {
    spinner, dialogs, i18n, session,
    http: null as unknown as Http, api: null as unknown as AuctionApi, showcase: null as unknown as ShowcaseApi, live: null as unknown as LiveHub, clock: null as unknown as ClockService,
    onSessionLost: () => undefined,
    async loadSession() {
      try {
        const profile = await services.api.profile({ noPopup: true, noSpinner: true });
        session.set(profile);
        services.live.start();
        services.clock.start();
        return profile;
      } catch {
        services.endSession();
        return null;
      }
    },
    endSession() {
      session.set(null);
      services.live.stop();
      services.clock.stop();
    },
  };
  const http = new Http({
    spinner, dialogs,
    onUnauthorized: () => {
      if (!session.get()) return;
      services.endSession();
      services.onSessionLost('unauthorized');
    },
    onLoggedOut: () => {
      services.endSession();
      services.onSessionLost('logged-out');
    },
  });
  const api = auctionApi(http);
  const live = new LiveHub(api);
  const clock = new ClockService(() => api.time());
  // The server's clock tick checks the measured offset every second, without a request: a drift re-syncs at once.
  live.onTick((epochMs) => clock.observe(epochMs));
  Object.assign(services, { http, api, showcase: showcaseApi(http), live, clock });
  return services;
}
