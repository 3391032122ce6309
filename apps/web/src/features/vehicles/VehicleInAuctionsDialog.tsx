import { useTranslation } from 'react-i18next';
import type { VehicleCard } from '@auction/contracts';
import { formatDateTimeIn } from '@auction/i18n';
import { ModalDialog } from '../auctions/auctioneer/ModalDialog.js';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { useServices } from '../../ui/services-context.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { useMarketZone } from '../../ui/market-zone.js';
import { DataTable, type TableColumn } from '../../ui/table/index.js';

/** One row of the vehicle-in-auctions dialog (spec 02 §3 "Vehicle in auction"). */
export interface VehicleInAuctionRow {
  readonly licensePlate: string;
  readonly frame: string;
  readonly endAuction: string | null;
  readonly idAuction: string;
  readonly idLot: string;
  readonly idShowcase: string | null;
}

/** The id as the dialog shows it: blank for none (the spec's -1). */
export function shownId(id: string | null | undefined): string {
  return !id || id === '-1' ? '' : id;
}

/** Where a vehicle that is not free is (its auction and lot, or its showcase); none for a free one. */
export function placementRows(v: Pick<VehicleCard, 'licensePlate' | 'frame' | 'idAuction' | 'idLot' | 'idShowcase'>, endAuction: string | null): VehicleInAuctionRow[] {
  if (!v.idAuction && !v.idShowcase) return [];
  return [{ licensePlate: v.licensePlate, frame: v.frame, endAuction: v.idAuction ? endAuction : null, idAuction: shownId(v.idAuction), idLot: shownId(v.idLot), idShowcase: v.idShowcase }];
}

/**
 * The vehicle-in-auctions dialog (spec 02 §2): where a vehicle that is not free is, with the auction's end. A vehicle
 * is in at most one running auction or showcase, so the table holds one row; it sorts and pages like every table.
 */
export function VehicleInAuctionsDialog({ vehicle, onClose }: { vehicle: VehicleCard; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const { api } = useServices();
  const zone = useMarketZone();
  const auction = useLoaded(() => (vehicle.idAuction ? api.auction(vehicle.idAuction) : Promise.resolve(null)), vehicle.idAuction ?? '');
  const end = auction.status === 'ready' && auction.data ? auction.data.endDate : null;
  const rows = placementRows(vehicle, end);
  const columns: TableColumn<VehicleInAuctionRow>[] = [
    { key: 'licensePlate', header: t('fields.licensePlate'), sortable: true, cell: (r) => r.licensePlate },
    { key: 'frame', header: t('fields.frame'), sortable: true, cell: (r) => r.frame },
    { key: 'endAuction', header: t('inAuctions.endAuction'), sortable: true, cell: (r) => (r.endAuction ? formatDateTimeIn(r.endAuction, zone) : '') },
    { key: 'idAuction', header: t('inAuctions.idAuction'), sortable: true, cell: (r) => r.idAuction },
    { key: 'idLot', header: t('inAuctions.idLot'), sortable: true, cell: (r) => r.idLot },
    { key: 'idShowcase', header: t('inAuctions.idShowcase'), sortable: true, cell: (r) => shownId(r.idShowcase) },
  ];
  return (
    <ModalDialog title={t('inAuctions.title', { plate: vehicle.licensePlate })} testId="vehicle-in-auctions-dialog" onCancel={onClose}>
      <p><TimeZoneNote zone={zone} /></p>
      <DataTable
        mode="client" rows={rows} columns={columns} rowKey={(r) => `${r.idAuction}-${r.idLot}-${r.idShowcase ?? ''}`} pageSizes={[10, 20, 30]}
        caption={t('inAuctions.title', { plate: vehicle.licensePlate })} empty={t('inAuctions.empty')} testId="vehicle-in-auctions"
      />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="vehicle-in-auctions-close">{t('common.close')}</button>
      </div>
    </ModalDialog>
  );
}
