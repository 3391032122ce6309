import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACK_OFFICE_ROLES } from '../features/dealers/shell/back-office-menu.js';
import { ReadOnlyNote } from '../features/dealers/shell/ReadOnlyNote.js';
import '../features/dealers/shell/shell.css';
import { NewUserDialog } from '../features/dealers/users/NewUserDialog.js';
import { UsersFilters } from '../features/dealers/users/UsersFilters.js';
import { UsersList } from '../features/dealers/users/UsersList.js';
import { UsersSearch, listQuery, withFilters } from '../features/dealers/users/users-search.js';
import { requireUser } from '../session/guards.js';
import { useProfile } from '../ui/services-context.js';
import type { PageRequest } from '../ui/table/index.js';

/** `/users`: the back-office user list, filtered, paged and sorted by the server; the state lives in the URL. */
export const Route = createFileRoute('/users')({
  validateSearch: UsersSearch,
  beforeLoad: requireUser(BACK_OFFICE_ROLES),
  loaderDeps: ({ search }) => listQuery(search),
  // Loaded with the page, not with the portal's first screen (first-load budget).
  loader: async ({ context, deps }) => (await import('../features/dealers/users/users-api.js')).usersApi(context.services.http, context.services.dialogs).list(deps),
  component: UsersPage,
});

function UsersPage() {
  const { t } = useTranslation('people');
  const page = Route.useLoaderData();
  const search = Route.useSearch();
  const profile = useProfile();
  const navigate = useNavigate({ from: '/users' });
  const [creating, setCreating] = useState(false);
  const query = listQuery(search);
  const request: PageRequest = { limit: query.limit, offset: query.offset, sortField: query.sortField, sortOrder: query.sortOrder };
  const onRequest = (r: PageRequest) => void navigate({
    search: (s) => ({ ...s, limit: r.limit, offset: r.offset, sortField: r.sortField as UsersSearch['sortField'], sortOrder: r.sortOrder }),
  });
  return (
    <section aria-labelledby="users-title">
      <div className="page-head">
        <h1 id="users-title">{t('users.title')}</h1>
        <button type="button" className="btn btn-primary" disabled={profile?.readOnly !== false} onClick={() => setCreating(true)} data-testid="new-user">
          {t('users.newUser')}
        </button>
      </div>
      <ReadOnlyNote />
      <UsersFilters key={JSON.stringify(search)} initial={search} onSearch={(f) => void navigate({ search: withFilters(search, f) })} />
      <UsersList page={page} request={request} onRequest={onRequest} />
      {creating && (
        <NewUserDialog onClose={() => setCreating(false)} onCreated={(idUser) => void navigate({ to: '/user-edit/$idUser', params: { idUser } })} />
      )}
    </section>
  );
}
