import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '@auction/i18n';
import { ModalDialog } from '../auctions/auctioneer/ModalDialog.js';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { useMarketZone } from '../../ui/market-zone.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';
import type { VehicleAuctionRow } from './vehicles-api.js';
import { useVehiclesApi } from './use-vehicles.js';

/** Spec 02 §2 and §9: page sizes 10, 20 and 30; the first page holds 30, newest creation first. */
export const HISTORY_PAGE_SIZES = [10, 20, 30] as const;
export const FIRST_HISTORY_REQUEST: PageRequest = { limit: 30, offset: 0, sortField: 'dateCreate', sortOrder: 'desc' };

/** The base price as the dialog shows it: rounded down to the euro (spec 02 §2). */
export function roundedDown(amount: number): number {
  return Math.floor(amount);
}

/**
 * The vehicle auctions history dialog (spec 02 §2): the auctions the vehicle was put in (`GET /vehicle/{id}/auctions`),
 * paged and sorted by the server by creation date, auction name, base price (rounded down) or best offer.
 */
export function VehicleHistoryDialog({ idVehicle, plate, onClose }: { idVehicle: string; plate: string; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const zone = useMarketZone();
  const [request, setRequest] = useState<PageRequest>(FIRST_HISTORY_REQUEST);
  const page = useLoaded(() => api.auctions(idVehicle, request), JSON.stringify(request));
  const columns: TableColumn<VehicleAuctionRow>[] = [
    { key: 'dateCreate', header: t('history.dateCreate'), sortable: true, cell: (r) => formatDateTimeIn(r.dateCreate, zone) },
    { key: 'auctionName', header: t('history.auctionName'), sortable: true, className: 'wide', cell: (r) => r.auctionName },
    { key: 'basePrice', header: t('history.basePrice'), sortable: true, className: 'num', cell: (r) => <Money value={roundedDown(r.basePrice)} /> },
    { key: 'maxOffer', header: t('history.maxOffer'), sortable: true, className: 'num', cell: (r) => <Money value={r.maxOffer} /> },
  ];
  return (
    <ModalDialog title={t('history.title', { plate })} testId="vehicle-history-dialog" onCancel={onClose}>
      <p><TimeZoneNote zone={zone} /></p>
      {page.status === 'failed' && <p className="form-error" role="alert">{t('common.failed')}</p>}
      {page.status === 'loading' && <p className="muted" aria-busy="true">{t('common.loading')}</p>}
      {page.status === 'ready' && (
        <DataTable
          mode="server" rows={page.data.items} total={page.data.total} request={request} onRequest={setRequest}
          columns={columns} rowKey={(r) => `${r.idAuction}-${r.idLot}`} pageSizes={HISTORY_PAGE_SIZES}
          caption={t('history.title', { plate })} empty={t('history.empty')} testId="vehicle-history"
        />
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="vehicle-history-close">{t('common.close')}</button>
      </div>
    </ModalDialog>
  );
}
