import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserShowcasePage, UserShowcaseVehicle } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Money } from '../../ui/Money.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';
import { HoldUntil } from './VehicleState.js';
import { VehiclePhoto } from './VehiclePhoto.js';
import './showcase.css';

/** Page sizes of the activity list. */
export const USER_SHOWCASE_PAGE_SIZES = [10, 20, 50] as const;

/** What one dealer user does with a vehicle: in its my lot, booked or pre-empted (until its hold ends), bought. */
function Activity({ vehicle }: { vehicle: UserShowcaseVehicle }) {
  const { t } = useTranslation('showcase');
  const zone = timeZoneOfMarket(vehicle.idMarket);
  return (
    <span className="user-activity" data-testid={`activity-${vehicle.idVehicle}`}>
      {vehicle.inMyLot && <span className="badge badge-AVAILABLE">{t('userShowcase.inMyLot')}</span>}
      {vehicle.heldByMe && (
        <span className="user-activity-hold">
          <span className="badge badge-heldByMe" data-testid={`hold-kind-${vehicle.idVehicle}`}>{t(`userShowcase.hold.${vehicle.holdKind ?? 'BOOKING'}`)}</span>{' '}
          <HoldUntil vehicle={vehicle} named />
        </span>
      )}
      {vehicle.boughtByMe && (
        <span className="badge badge-boughtByMe" data-testid={`bought-${vehicle.idVehicle}`}>
          {vehicle.soldAt ? t('userShowcase.boughtOn', { time: `${formatDateTimeIn(vehicle.soldAt, zone)} (${zone})` }) : t('userShowcase.bought')}
        </span>
      )}
    </span>
  );
}

interface Props {
  /** The dealer user asked for, if any. */
  readonly idUser: string | undefined;
  /** Its activity (null: none asked, or the answer was an error, shown in the error popup). */
  readonly page: UserShowcasePage | null;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
  readonly onPick: (idUser: string) => void;
}

/**
 * The staff view of one dealer user's showcase activity (`user-showcase`): a form to pick the user, then its vehicles
 * as cards with their cover photo (the back-office table, paged and sorted by the server; rows are cards on a phone):
 * those in its my lot, those it holds (booked or pre-empted, until when) and those it bought.
 */
export function UserShowcase({ idUser, page, request, onRequest, onPick }: Props) {
  const { t } = useTranslation('showcase');
  const [picked, setPicked] = useState(idUser ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked.trim()) onPick(picked.trim());
  };
  const columns: TableColumn<UserShowcaseVehicle>[] = [
    { key: 'photo', header: t('columns.photo'), cell: (v) => <VehiclePhoto vehicle={v} />, className: 'photo-cell' },
    { key: 'licensePlate', header: t('columns.licensePlate'), sortable: true, cell: (v) => <span className="plate">{v.licensePlate}</span> },
    { key: 'brand', header: t('createShowcase.vehicle'), sortable: true, cell: (v) => `${v.brand} ${v.model}` },
    { key: 'price', header: t('columns.price'), sortable: true, className: 'num', cell: (v) => <Money value={v.price} /> },
    { key: 'holdUntil', header: t('userShowcase.activity'), sortable: true, className: 'wide', cell: (v) => <Activity vehicle={v} /> },
  ];
  return (
    <>
      <form className="toolbar" onSubmit={submit} aria-labelledby="user-showcase-pick">
        <h2 id="user-showcase-pick" className="visually-hidden">{t('userShowcase.pick')}</h2>
        <label className="field">
          <span>{t('userShowcase.user')}</span>
          <input
            value={picked} onChange={(e) => setPicked(e.target.value)} required maxLength={100} pattern="[A-Za-z0-9_-]+" autoComplete="off"
            aria-describedby="user-showcase-hint" data-testid="user-showcase-user"
          />
        </label>
        <p className="muted" id="user-showcase-hint">{t('userShowcase.hint')}</p>
        <button type="submit" className="btn btn-primary" data-testid="user-showcase-show">{t('userShowcase.show')}</button>
      </form>
      {page === null
        ? <p className="muted" data-testid="user-showcase-choose">{t('userShowcase.choose')}</p>
        : (
          <section aria-labelledby="user-showcase-of">
            <h2 id="user-showcase-of" data-testid="user-showcase-of">{t('userShowcase.of', { username: page.username })}</h2>
            <DataTable
              mode="server" rows={page.items} total={page.total} request={request} onRequest={onRequest}
              columns={columns} rowKey={(v) => v.idVehicle} rowTestId={(v) => `user-vehicle-${v.idVehicle}`} pageSizes={USER_SHOWCASE_PAGE_SIZES}
              caption={t('userShowcase.caption', { username: page.username })} empty={t('userShowcase.empty')} testId="user-showcase-table"
            />
          </section>
        )}
    </>
  );
}
