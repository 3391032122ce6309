import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerPage, AdminDealerRow } from '@auction/contracts';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { listTimes } from '../../../ui/market-zone.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { DEALER_PAGE_SIZES } from './dealer-search.js';

interface Props {
  readonly page: AdminDealerPage | null;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
  readonly caption: string;
  readonly testId: string;
  /** Where a row's id leads (the dealer page, or the auctioneer page). */
  readonly linkTo?: 'dealer' | 'auctioneer';
  /** An extra last column (enable buttons...). */
  readonly actions?: { readonly header: string; readonly cell: (row: AdminDealerRow) => ReactNode };
}

/** A server-paged, server-sorted list of dealers (search results, registrations to configure, partners). */
export function DealerTable({ page, request, onRequest, caption, testId, linkTo = 'dealer', actions }: Props) {
  const { t } = useTranslation('dealers');
  if (!page) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  // Each dealer's time on its market's clock: one zone named above the table, or each time its own.
  const times = listTimes(page.items.map((r) => r.idMarket));
  const columns: TableColumn<AdminDealerRow>[] = [
    {
      key: 'idDealer', header: t('fields.idDealer'), sortable: true,
      cell: (r) => linkTo === 'dealer'
        ? <Link to="/dealer/$idDealer" params={{ idDealer: r.idDealer }} data-testid={`open-dealer-${r.idDealer}`}>{r.sincom}</Link>
        : <Link to="/auctioneer" search={{ idDealer: r.idDealer }} data-testid={`open-auctioneer-${r.idDealer}`}>{r.sincom}</Link>,
    },
    { key: 'businessName', header: t('fields.businessName'), sortable: true, className: 'wide', cell: (r) => r.businessName ?? '—' },
    { key: 'vatCode', header: t('fields.vatCode'), sortable: true, cell: (r) => r.vatCode ?? '—' },
    { key: 'city', header: t('fields.city'), sortable: true, cell: (r) => r.city ?? '—' },
    { key: 'country', header: t('fields.country'), sortable: true, cell: (r) => r.country },
    { key: 'status', header: t('fields.status'), sortable: true, cell: (r) => <span className={`badge dealer-status-${r.status}`}>{t(`status.${r.status}`)}</span> },
    { key: 'createdAt', header: t('fields.createdAt'), sortable: true, cell: (r) => times.format(r.createdAt, r.idMarket) },
  ];
  if (actions) columns.push({ key: 'actions', header: actions.header, cell: actions.cell });
  return (
    <>
    {times.zone && <p><TimeZoneNote zone={times.zone} /></p>}
    <DataTable
      mode="server" rows={page.items} total={page.total} request={request} onRequest={onRequest}
      columns={columns} rowKey={(r) => r.idDealer} rowTestId={(r) => `${testId}-row-${r.idDealer}`}
      pageSizes={DEALER_PAGE_SIZES} caption={caption} empty={t('common.empty')} testId={testId}
    />
    </>
  );
}
