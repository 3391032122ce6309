import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountApi } from '../features/identity/access/account-api.js';
import { DealerHome } from '../features/identity/private/home/DealerHome.js';
import { dealerHomeCalls } from '../features/identity/private/home/dealer-home-api.js';
import { loadDealerHome } from '../features/identity/private/home/dealer-home.js';
import { guardFailure, homeOf, requireUser } from '../session/guards.js';

/**
 * `/private`: the private area's entry (after a login, the mobile login, the public-page guard, a push notification).
 * The access guard decides; a dealer (whose home is `/private`, {@link homeOf}) sees its home here, any other admitted
 * user goes on to the home of its role (/admin, /auction-management, ...). Without a cached profile it asks
 * `GET /secure/logged` once: a 403004 there opens its dialog and the navigation continues.
 */
export const Route = createFileRoute('/private/')({
  beforeLoad: async (ctx) => {
    const { services } = ctx.context;
    if (!services.session.get()) {
      try {
        const profile = await accountApi(services.http).logged();
        if (profile) services.session.set(profile);
      } catch (error) {
        const failure = guardFailure(error);
        if (failure === 'maintenance') throw redirect({ to: '/maintenance', search: { from: '/private' } });
        if (failure === 'dialog-403004') void services.dialogs.error(403004);
      }
    }
    const { profile } = requireUser()(ctx);
    const home = homeOf(profile.roles);
    if (home !== '/private') throw redirect({ to: home });
    return { profile };
  },
  loader: ({ context }) => loadDealerHome(dealerHomeCalls(context.services.http)),
  component: Page,
});

function Page() {
  const { profile } = Route.useRouteContext();
  return <DealerHome name={profile.username} data={Route.useLoaderData()} />;
}
