import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Page, ProvenanceView, VehicleCard } from '@auction/contracts';
import { formatNumber } from '@auction/i18n';
import { Money, useLanguage } from '../../ui/Money.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';
import { VehicleActions } from './VehicleActions.js';
import { LotThumb } from '../auctions/photos/LotThumb.js';
import { VEHICLE_PAGE_SIZES, shownDay } from './vehicle-search.js';
import { useVehicleActions } from './use-vehicles.js';

interface Props {
  readonly page: Page<VehicleCard>;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
  readonly provenances: readonly ProvenanceView[];
  readonly onChanged: () => void;
  /** The ids selected (by hand or by a file): each row has a checkbox that toggles its vehicle. */
  readonly selected?: ReadonlySet<string>;
  readonly onToggle?: (vehicle: VehicleCard) => void;
}

/** The back-office vehicle list (`GET /vehicle`): one page, sorted by the server, a cover thumbnail and the row's actions; a selection checkbox per row when asked. */
export function VehicleTable({ page, request, onRequest, provenances, onChanged, selected, onToggle }: Props) {
  const { t } = useTranslation('vehicles');
  const language = useLanguage();
  const actionsOf = useVehicleActions(provenances);
  const select: TableColumn<VehicleCard>[] = onToggle ? [{
    key: 'select', header: t('selection.column'),
    cell: (v) => (
      <input
        type="checkbox" className="vehicle-select" checked={selected?.has(v.idVehicle) ?? false} onChange={() => onToggle(v)}
        aria-label={t('selection.select', { plate: v.licensePlate })} data-testid={`vehicle-select-${v.idVehicle}`}
      />
    ),
  }] : [];
  const columns: TableColumn<VehicleCard>[] = [
    ...select,
    { key: 'photo', header: t('fields.photo'), cell: (v) => <LotThumb idPhoto={v.photos[0]} /> },
    {
      key: 'licensePlate', header: t('fields.licensePlate'), sortable: true,
      cell: (v) => (
        <Link to="/vehicle-details/$idVehicle" params={{ idVehicle: v.idVehicle }} className="plate" data-testid={`vehicle-open-${v.idVehicle}`}>
          {v.licensePlate}
        </Link>
      ),
    },
    { key: 'brand', header: t('fields.brand'), sortable: true, cell: (v) => v.brand },
    { key: 'model', header: t('fields.model'), sortable: true, className: 'wide', cell: (v) => `${v.model}${v.version ? ` ${v.version}` : ''}` },
    { key: 'firstRegistration', header: t('fields.firstRegistration'), sortable: true, cell: (v) => shownDay(v.firstRegistration) },
    { key: 'mileageKm', header: t('fields.mileageKm'), sortable: true, className: 'num', cell: (v) => t('km', { km: formatNumber(v.mileageKm, language, 0) }) },
    { key: 'damageTotal', header: t('fields.damageTotal'), sortable: true, className: 'num', cell: (v) => <Money value={v.damageTotal} /> },
    { key: 'price', header: t('fields.price'), sortable: true, className: 'num', cell: (v) => <Money value={v.price} /> },
    { key: 'auctionsCount', header: t('fields.auctionsCount'), sortable: true, className: 'num', cell: (v) => String(v.auctionsCount) },
    {
      key: 'status', header: t('fields.status'), sortable: true,
      cell: (v) => (
        <span className="vehicle-status">
          <span className={`badge vehicle-status-${v.status}`}>{t(`status.${v.status}`)}</span>
          <span className={`badge ${v.published ? 'badge-ENABLED' : 'badge-muted'}`}>{t(v.published ? 'published' : 'unpublished')}</span>
        </span>
      ),
    },
    { key: 'insertDate', header: t('fields.insertDate'), sortable: true, cell: (v) => shownDay(v.insertDate.slice(0, 10)) },
    {
      key: 'actions', header: t('fields.actions'), className: 'wide',
      cell: (v) => <VehicleActions vehicle={v} actions={actionsOf(v)} onChanged={onChanged} />,
    },
  ];
  return (
    <DataTable
      mode="server" rows={page.items} total={page.total} request={request} onRequest={onRequest}
      columns={columns} rowKey={(v) => v.idVehicle} rowTestId={(v) => `vehicle-row-${v.idVehicle}`}
      pageSizes={VEHICLE_PAGE_SIZES} caption={t('list.caption')} empty={t('list.empty')} testId="vehicle-list"
    />
  );
}
