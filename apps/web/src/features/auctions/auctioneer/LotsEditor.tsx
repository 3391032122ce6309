import { useTranslation } from 'react-i18next';
import { PickedVehicleRows } from '../../vehicles/PickedVehicleRows.js';
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

/**
 * The lots of a new auction as an editable table: one row per lot (`lot-row-<i>`, inputs `lot-<field>-<i>`, i from 0),
 * a button to add a row and one per row to remove it. Each input is labelled with its column and lot number.
 */
export function LotsEditor({ lots, keys, errors, onChange, onAdd, onRemove, onPick }: Props) {
  const { t } = useTranslation('auctioneer');
  const label = (field: LotField) => t(`lotField.${LABEL_KEYS[field]}`);
  /** A typed cell of a lot: its input, labelled with its column and lot number, and its error beside it. */
  const input = (lot: LotForm, i: number, c: (typeof COLUMNS)[number]) => {
    const error = errors[`lots.${i}.${c.field}`];
    const errorId = `lot-${c.testId}-${i}-error`;
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
  };
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
          <PickedVehicleRows
            rows={lots} rowKey={(_, i) => keys[i]!} rowTestId={(_, i) => `lot-row-${i}`}
            picked={(lot) => (lot.idVehicle ? { licensePlate: lot.licensePlate, cover: lot.cover } : null)}
            vehicleLabel={label('licensePlate')} vehicleTestId={(_, i) => `lot-plate-${i}`}
            before={(_, i) => <td>{i + 1}</td>}
            typed={(lot, i) => input(lot, i, COLUMNS[0])}
            // A picked vehicle's own data is shown, not typed: it comes from the vehicle's sheet.
            cells={(lot, i) => COLUMNS.slice(1).map((c) => (lot.idVehicle && !c.numeric
              ? <td key={c.field} data-label={label(c.field)} data-testid={`lot-${c.testId}-${i}`}>{lot[c.field]}</td>
              : input(lot, i, c)))}
            removal={{
              text: t('create.removeLot'), label: (_, i) => t('create.removeLotLabel', { number: i + 1 }), onRemove, disabled: lots.length <= 1,
              className: 'btn btn-small btn-danger', testId: (_, i) => `lot-remove-${i}`,
            }}
          />
        </table>
      </div>
      <div className="toolbar">
        <button type="button" className="btn btn-primary" onClick={onPick} data-testid="pick-vehicles">{t('create.pickVehicles')}</button>
        <button type="button" className="btn" onClick={onAdd} data-testid="add-lot">{t('create.addLot')}</button>
      </div>
    </fieldset>
  );
}
