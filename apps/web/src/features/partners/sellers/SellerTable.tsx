import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerPage, SellerView } from '@auction/contracts';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';

/** Page sizes of the seller lists. */
export const SELLER_PAGE_SIZES = [10, 20, 50];

interface Props {
  readonly page: SellerPage | null;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
  readonly caption: string;
  readonly actions?: { readonly header: string; readonly cell: (row: SellerView) => ReactNode };
}

/** A market's sellers, paged and sorted by the server (`GET /admin/seller-market`), in the back-office's one table. */
export function SellerTable({ page, request, onRequest, caption, actions }: Props) {
  const { t } = useTranslation('sellers');
  if (!page) return <p className="muted" aria-busy="true">{t('list.loading')}</p>;
  const columns: TableColumn<SellerView>[] = [
    {
      key: 'surname', header: t('fields.surname'), sortable: true,
      cell: (r) => <Link to="/seller" search={{ idSeller: r.idSeller }} data-testid={`open-seller-${r.idSeller}`}>{r.surname ?? '—'}</Link>,
    },
    { key: 'name', header: t('fields.name'), sortable: true, cell: (r) => r.name ?? '—' },
    { key: 'email', header: t('fields.email'), sortable: true, className: 'wide', cell: (r) => r.email ?? '—' },
    { key: 'areas', header: t('fields.areas'), cell: (r) => r.areas.join(', ') || '—' },
    { key: 'dealersCount', header: t('fields.dealersCount'), sortable: true, className: 'num', cell: (r) => r.dealersCount },
  ];
  if (actions) columns.push({ key: 'actions', header: actions.header, cell: actions.cell });
  return (
    <DataTable
      mode="server" rows={page.items} total={page.total} request={request} onRequest={onRequest} columns={columns}
      rowKey={(r) => r.idSeller} rowTestId={(r) => `seller-list-row-${r.idSeller}`} pageSizes={SELLER_PAGE_SIZES}
      caption={caption} empty={t('list.empty')} testId="seller-list"
    />
  );
}
