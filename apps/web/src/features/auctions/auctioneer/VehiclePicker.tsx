import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page, VehicleCard } from '@auction/contracts';
import { formatNumber } from '@auction/i18n';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useServices } from '../../../ui/services-context.js';
import { PickedVehicleThumb } from '../../vehicles/PickedVehicleRows.js';
import { ModalDialog } from './ModalDialog.js';

/** Vehicles per page of the picker. */
export const PICKER_PAGE = 10;

interface Props {
  /** Vehicles already lots of the form: shown, not pickable again. */
  readonly taken: ReadonlySet<string>;
  /** Closes the picker with the vehicles picked (none on cancel), in the order they were picked. */
  readonly onClose: (picked: VehicleCard[]) => void;
  /** Where the vehicles come from: those for an auction by default (a showcase passes its own list). */
  readonly load?: (query: PickerQuery) => Promise<Page<VehicleCard>>;
}

/** One page of the picker's search. */
export interface PickerQuery { readonly licensePlate?: string; readonly brand?: string; readonly limit: number; readonly offset: number }

interface Search { readonly licensePlate: string; readonly brand: string; readonly offset: number }

/**
 * The vehicles the auctioneer may put in an auction (published, in stock: `GET /vehicle-for-auction`, or the list
 * `load` gives, e.g. a showcase's), a page at a time, searched by plate and brand on the server. Ticked vehicles,
 * across pages, become rows of the form.
 */
export function VehiclePicker({ taken, onClose, load }: Props) {
  const { t, i18n } = useTranslation('auctioneer');
  const language = appLanguageOf(i18n);
  const { api } = useServices();
  const [typed, setTyped] = useState({ licensePlate: '', brand: '' });
  const [search, setSearch] = useState<Search>({ licensePlate: '', brand: '', offset: 0 });
  const [page, setPage] = useState<Page<VehicleCard> | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<VehicleCard[]>([]);

  useEffect(() => {
    let current = true;
    setFailed(false);
    (load ?? api.vehiclesForAuction)({
      licensePlate: search.licensePlate.trim() || undefined, brand: search.brand.trim() || undefined, limit: PICKER_PAGE, offset: search.offset,
    }).then((answer) => { if (current) setPage(answer); }, () => { if (current) setFailed(true); });
    return () => { current = false; };
    // `load` is read once per search: a new function identity each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, search]);

  const find = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ ...typed, offset: 0 });
  };
  const toggle = (vehicle: VehicleCard, on: boolean) =>
    setPicked((list) => (on ? [...list.filter((v) => v.idVehicle !== vehicle.idVehicle), vehicle] : list.filter((v) => v.idVehicle !== vehicle.idVehicle)));
  const isPicked = (id: string) => picked.some((v) => v.idVehicle === id);
  const items = page?.items ?? [];
  const total = page?.total ?? 0;

  return (
    <ModalDialog title={t('pickVehicles.title')} testId="vehicle-picker" onCancel={() => onClose([])}>
      <form className="toolbar" onSubmit={find} role="search" aria-label={t('pickVehicles.search')}>
        <label className="field">
          <span>{t('lotField.plate')}</span>
          <input value={typed.licensePlate} onChange={(e) => setTyped({ ...typed, licensePlate: e.target.value })} maxLength={40} autoComplete="off" data-testid="picker-plate" />
        </label>
        <label className="field">
          <span>{t('lotField.brand')}</span>
          <input value={typed.brand} onChange={(e) => setTyped({ ...typed, brand: e.target.value })} maxLength={200} autoComplete="off" data-testid="picker-brand" />
        </label>
        <button type="submit" className="btn" data-testid="picker-search">{t('pickVehicles.search')}</button>
      </form>
      {failed && <p className="field-error" role="alert">{t('pickVehicles.failed')}</p>}
      {page && items.length === 0 && <p className="muted" data-testid="picker-empty">{t('pickVehicles.none')}</p>}
      {items.length > 0 && (
        <div className="table-wrap">
          <table className="grid" data-testid="picker-table">
            <caption className="visually-hidden">{t('pickVehicles.caption')}</caption>
            <thead>
              <tr>
                <th scope="col"><span className="visually-hidden">{t('pickVehicles.pick')}</span></th>
                <th scope="col"><span className="visually-hidden">{t('pickVehicles.photo')}</span></th>
                <th scope="col">{t('lotField.plate')}</th>
                <th scope="col">{t('pickVehicles.vehicle')}</th>
                <th scope="col" className="num">{t('pickVehicles.mileage')}</th>
                <th scope="col">{t('pickVehicles.registered')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((v) => {
                const already = taken.has(v.idVehicle);
                return (
                  <tr key={v.idVehicle} data-testid={`picker-row-${v.idVehicle}`}>
                    <td>
                      <input
                        type="checkbox" checked={already || isPicked(v.idVehicle)} disabled={already} onChange={(e) => toggle(v, e.target.checked)}
                        aria-label={t(already ? 'pickVehicles.alreadyLabel' : 'pickVehicles.pickLabel', { plate: v.licensePlate })}
                        data-testid={`picker-pick-${v.idVehicle}`}
                      />
                    </td>
                    <td><PickedVehicleThumb cover={v.photos[0]} /></td>
                    <td data-label={t('lotField.plate')}><span className="plate">{v.licensePlate}</span></td>
                    <td data-label={t('pickVehicles.vehicle')}>{`${v.brand} ${v.model}${v.version ? ` ${v.version}` : ''}`}</td>
                    <td className="num nowrap" data-label={t('pickVehicles.mileage')}>{t('pickVehicles.km', { km: formatNumber(v.mileageKm, language, 0) })}</td>
                    <td data-label={t('pickVehicles.registered')}>{v.firstRegistration.split('-').reverse().join('/')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {total > PICKER_PAGE && (
        <div className="toolbar" data-testid="picker-pager">
          <button type="button" className="btn btn-small" disabled={search.offset === 0} onClick={() => setSearch({ ...search, offset: Math.max(0, search.offset - PICKER_PAGE) })} data-testid="picker-prev">
            {t('pickVehicles.previous')}
          </button>
          <span aria-live="polite">{t('pickVehicles.range', { from: search.offset + 1, to: Math.min(total, search.offset + PICKER_PAGE), total })}</span>
          <button type="button" className="btn btn-small" disabled={search.offset + PICKER_PAGE >= total} onClick={() => setSearch({ ...search, offset: search.offset + PICKER_PAGE })} data-testid="picker-next">
            {t('pickVehicles.next')}
          </button>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => onClose([])} data-testid="picker-cancel">{t('create.cancel')}</button>
        <button type="button" className="btn btn-primary" disabled={picked.length === 0} onClick={() => onClose(picked)} data-testid="picker-add">
          {t('pickVehicles.add', { count: picked.length })}
        </button>
      </div>
    </ModalDialog>
  );
}
