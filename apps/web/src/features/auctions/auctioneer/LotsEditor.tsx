import { useTranslation } from 'react-i18next';
import { photoUrl } from '../photos/photo-url.js';
import type { FieldErrors, LotForm } from './create-auction-form.js';

/** The columns of a lot row: field of the form, test id stem, input mode. */
const COLUMNS = [
  { field: 'licensePlate', testId: 'plate', numeric: false },
  { field: 'frame', testId: 'frame', numeric: false },
  { field: 'brand', testId: 'brand', numeric: false },
  { field: 'model', testId: 'model', numeric: false },
  { field: 'basePrice', testId: 'base-price', numeric: true },
  { field: 'minIncrement', testId: 'min-increment', numeric: true },
  { field: 'reservePrice', testId: 'reserve-price', numeric: true },
  { field: 'buyNowPrice', testId: 'buy-now-price', numeric: true },
] as const satisfies readonly { field: keyof LotForm; testId: string; numeric: boolean }[];

type LotField = (typeof COLUMNS)[number]['field'];

const LABEL_KEYS: Record<LotField, string> = {
  licensePlate: 'plate', frame: 'frame', brand: 'brand', model: 'model',
  basePrice: 'basePrice', minIncrement: 'minIncrement', reservePrice: 'reservePrice', buyNowPrice: 'buyNowPrice',
};

interface Props {
  readonly lots: readonly LotForm[];
  /** A stable React key per row. */
  readonly keys: readonly number[];
  readonly errors: FieldErrors;
  readonly onChange: (index: number, patch: Partial<LotForm>) => void;
  readonly onAdd: () => void;
  readonly onRemove: (index: number) => void;
  /** Opens the picker of vehicles in stock. */
  readonly onPick: () => void;
}

/** The thumbnail of a picked vehicle's cover photo (lazy: never holds the form up). */
export function vehicleThumbUrl(idImage: string): string {
  return photoUrl(idImage, 'thumb');
}

/**
 * The lots of a new auction as an editable table: one row per lot (`lot-row-<i>`, inputs `lot-<field>-<i>`, i from 0),
 * a button to add a row and one per row to remove it. Each input is labelled with its column and lot number.
 */
export function LotsEditor({ lots, keys, errors, onChange, onAdd, onRemove, onPick }: Props) {
  const { t } = useTranslation('auctioneer');
  const label = (field: LotField) => t(`lotField.${LABEL_KEYS[field]}`);
  return (
    <fieldset className="lots-editor">
      <legend>{t('create.lots')}</legend>
      {errors.lots && <p className="field-error" role="alert" data-testid="lots-error">{t(`fieldErrors.${errors.lots}`)}</p>}
      <div className="table-wrap">
        <table className="grid">
          <caption className="visually-hidden">{t('create.lotsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lotField.number')}</th>
              {COLUMNS.map((c) => <th key={c.field} scope="col" className={c.numeric ? 'num' : undefined}>{label(c.field)}</th>)}
              <th scope="col"><span className="visually-hidden">{t('create.removeLot')}</span></th>
            </tr>
          </thead>
          <tbody>
            {lots.map((lot, i) => (
              <tr key={keys[i]} data-testid={`lot-row-${i}`}>
                <td>{i + 1}</td>
                {COLUMNS.map((c) => {
                  const error = errors[`lots.${i}.${c.field}`];
                  const errorId = `lot-${c.testId}-${i}-error`;
                  // A picked vehicle's own data is shown, not typed: it comes from the vehicle's sheet.
                  if (lot.idVehicle && !c.numeric) {
                    return (
                      <td key={c.field} data-label={label(c.field)} data-testid={`lot-${c.testId}-${i}`}>
                        {c.field === 'licensePlate' && (
                          <span className="lot-vehicle">
                            {lot.cover
                              ? <img src={vehicleThumbUrl(lot.cover)} alt="" width={64} height={43} loading="lazy" decoding="async" className="lot-thumb" />
                              : <span className="lot-thumb lot-thumb-none" aria-hidden="true" />}
                            <span className="plate">{lot.licensePlate}</span>
                          </span>
                        )}
                        {c.field !== 'licensePlate' && lot[c.field]}
                      </td>
                    );
                  }
                  return (
                    <td key={c.field} className={c.numeric ? 'num' : undefined}>
                      <input
                        value={lot[c.field]} onChange={(e) => onChange(i, { [c.field]: e.target.value })}
                        inputMode={c.numeric ? 'decimal' : undefined} size={c.numeric ? 9 : 12} autoComplete="off"
                        aria-label={t('lotField.fieldLabel', { field: label(c.field), number: i + 1 })}
                        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
                        data-testid={`lot-${c.testId}-${i}`}
                      />
                      {error && <p className="field-error" id={errorId}>{t(`fieldErrors.${error}`)}</p>}
                    </td>
                  );
                })}
                <td>
                  <button
                    type="button" className="btn btn-small btn-danger" onClick={() => onRemove(i)} disabled={lots.length <= 1}
                    aria-label={t('create.removeLotLabel', { number: i + 1 })} data-testid={`lot-remove-${i}`}
                  >
                    {t('create.removeLot')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="toolbar">
        <button type="button" className="btn btn-primary" onClick={onPick} data-testid="pick-vehicles">{t('create.pickVehicles')}</button>
        <button type="button" className="btn" onClick={onAdd} data-testid="add-lot">{t('create.addLot')}</button>
      </div>
    </fieldset>
  );
}
