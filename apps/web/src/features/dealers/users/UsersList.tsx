import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow, AdminUsersPage } from '@auction/contracts';
import type { TFunction } from 'i18next';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { roleNames } from './role-names.js';
import { stateKey } from './user-state.js';
import { USERS_PAGE_SIZES } from './users-search.js';

interface Props {
  readonly page: AdminUsersPage;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
}

/** The users table: server-paged and server-sorted; each row links to its user card. */
export function UsersList({ page, request, onRequest }: Props) {
  const { t } = useTranslation('people');
  const columns: TableColumn<AdminUserRow>[] = [
    {
      key: 'username', header: t('users.username'), sortable: true, className: 'wide',
      cell: (u) => (
        <Link to="/user-edit/$idUser" params={{ idUser: u.idUser }} aria-label={t('users.openLabel', { username: u.username })} data-testid={`open-user-${u.idUser}`}>
          {u.username}
        </Link>
      ),
    },
    { key: 'name', header: t('users.name'), cell: (u) => [u.name, u.surname].filter(Boolean).join(' ') },
    { key: 'idDealer', header: t('users.idDealer'), sortable: true, cell: (u) => u.idDealer ?? '' },
    { key: 'idMarket', header: t('users.market'), sortable: true, cell: (u) => u.idMarket },
    { key: 'roles', header: t('users.roles'), cell: (u) => roleNames(t as unknown as TFunction, u.roles) },
    {
      key: 'flgEnabled', header: t('users.state'), sortable: true,
      cell: (u) => <span className={`badge badge-${u.state}`} data-testid={`state-${u.idUser}`}>{t(stateKey(u.state))}</span>,
    },
  ];
  return (
    <DataTable
      mode="server" rows={page.items} total={page.total} request={request} onRequest={onRequest}
      columns={columns} rowKey={(u) => u.idUser} rowTestId={(u) => `user-row-${u.username}`} pageSizes={USERS_PAGE_SIZES}
      caption={t('users.caption')} empty={t('users.empty')} testId="users-table"
    />
  );
}
