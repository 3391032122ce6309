import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Id, USER_SHOWCASE_SORT_FIELDS } from '@auction/contracts';
import { USER_SHOWCASE_PAGE_SIZES, UserShowcase } from '../features/showcase/UserShowcase.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';
import type { PageRequest } from '../ui/table/index.js';

/** The screen's URL search: the dealer user, the page and the order (the API's default order when none). */
const UserShowcaseSearch = z.object({
  idUser: Id.optional(),
  limit: z.number().int().min(1).max(100).optional(),
  offset: z.number().int().min(0).max(1_000_000).optional(),
  sortField: z.enum(USER_SHOWCASE_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(UserShowcaseSearch);

/**
 * `/showcase-management/user-showcase`: staff (ADMIN, CUSTOMER_CENTER) and exhibitors pick a dealer user and see its
 * showcase activity (my lot, holds, purchases) as cards with their cover photo, paged and sorted by the server.
 */
export const Route = createFileRoute('/showcase-management_/user-showcase')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER', 'EXHIBITOR']),
  loaderDeps: ({ search }) => search,
  // An unknown user or one out of the caller's markets was shown in the error popup; the form stays usable.
  loader: ({ context, deps }) => (deps.idUser
    ? context.services.showcase.userShowcase({ ...deps, idUser: deps.idUser, limit: deps.limit ?? USER_SHOWCASE_PAGE_SIZES[0] }).catch(() => null)
    : null),
  component: UserShowcasePage,
});

function UserShowcasePage() {
  const { t } = useTranslation('showcase');
  const search = Route.useSearch();
  const page = Route.useLoaderData();
  const { profile } = Route.useRouteContext();
  const navigate = useNavigate({ from: '/showcase-management/user-showcase' });
  const request: PageRequest = {
    limit: search.limit ?? USER_SHOWCASE_PAGE_SIZES[0], offset: search.offset ?? 0, sortField: search.sortField, sortOrder: search.sortOrder ?? 'desc',
  };
  const onRequest = (r: PageRequest) => void navigate({
    search: (s) => ({ ...s, limit: r.limit, offset: r.offset, sortField: r.sortField as (typeof USER_SHOWCASE_SORT_FIELDS)[number] | undefined, sortOrder: r.sortOrder }),
  });
  return (
    <section aria-labelledby="user-showcase-title">
      <div className="page-head">
        <h1 id="user-showcase-title">{t('userShowcase.title')}</h1>
        {profile.roles.some((r) => r === 'EXHIBITOR' || r === 'ADMIN') && <Link to="/showcase-management">{t('management.title')}</Link>}
      </div>
      <UserShowcase
        key={search.idUser ?? ''} idUser={search.idUser} page={page} request={request} onRequest={onRequest}
        onPick={(idUser) => void navigate({ search: { idUser } })}
      />
    </section>
  );
}
