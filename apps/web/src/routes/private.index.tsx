import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountApi } from '../features/identity/access/account-api.js';
import { guardFailure, homeOf, requireUser } from '../session/guards.js';

/**
 * `/private`: the private area's entry (after a login, the mobile login, the public-page guard). The access guard
 * decides; an admitted user lands on the home of the role (/live, /auction-management). Without a cached profile
 * it asks `GET /secure/logged` once: a 403004 there opens its dialog and the navigation continues.
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
    throw redirect({ to: homeOf(profile.roles) });
  },
});
