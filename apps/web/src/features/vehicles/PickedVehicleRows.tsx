import type { Key, ReactNode } from 'react';
import { photoUrl } from '../auctions/photos/photo-url.js';
import './picked-vehicle.css';

/** What a row shows of the vehicle picked into it: its plate and cover photo. */
export interface PickedVehicle {
  readonly licensePlate: string;
  /** The cover photo's id; null without photos. */
  readonly cover: string | null;
}

/**
 * A picked vehicle's cover photo, small (64×43, fixed: the row never moves as it loads), lazy and decoded off the main
 * thread; without a photo an empty box of the same size. Decorative: the plate is written beside it.
 */
export function PickedVehicleThumb({ cover }: { cover: string | null | undefined }) {
  return cover
    ? <img src={photoUrl(cover, 'thumb')} alt="" width={64} height={43} loading="lazy" decoding="async" className="picked-thumb" />
    : <span className="picked-thumb picked-thumb-none" aria-hidden="true" />;
}

/** How a row is removed: its button's text, accessible name and test id. */
export interface RowRemoval<R> {
  readonly text: string;
  readonly label: (row: R, index: number) => string;
  readonly onRemove: (index: number) => void;
  readonly disabled?: boolean;
  readonly className?: string;
  readonly testId?: (row: R, index: number) => string;
}

interface Props<R> {
  readonly rows: readonly R[];
  readonly rowKey: (row: R, index: number) => Key;
  readonly rowTestId: (row: R, index: number) => string;
  /** The vehicle picked into a row; null for a row typed by hand (`typed` gives its first cell then). */
  readonly picked: (row: R) => PickedVehicle | null;
  /** The vehicle column's label (the cell's `data-label` on a phone) and the cell's test id. */
  readonly vehicleLabel: string;
  readonly vehicleTestId?: (row: R, index: number) => string;
  /** Cells before the vehicle's (the lot number). */
  readonly before?: (row: R, index: number) => ReactNode;
  /** The vehicle cell of a row without a picked vehicle (its plate typed in). */
  readonly typed?: (row: R, index: number) => ReactNode;
  /** The row's other cells, after the vehicle's (its data, the prices to type). */
  readonly cells: (row: R, index: number) => ReactNode;
  readonly removal: RowRemoval<R>;
}

/**
 * The rows of vehicles picked from the stock into a form (a new auction's lots, a new showcase's vehicles), as the
 * `<tbody>` of the form's table: per row the cells `before`, the vehicle (cover thumbnail and plate, or the `typed`
 * cell), the form's own `cells` and a button that removes the row. The table, its head and the picker stay the form's.
 */
export function PickedVehicleRows<R>({ rows, rowKey, rowTestId, picked, vehicleLabel, vehicleTestId, before, typed, cells, removal }: Props<R>) {
  return (
    <tbody>
      {rows.map((row, i) => {
        const vehicle = picked(row);
        return (
          <tr key={rowKey(row, i)} data-testid={rowTestId(row, i)}>
            {before?.(row, i)}
            {vehicle
              ? (
                <td data-label={vehicleLabel} data-testid={vehicleTestId?.(row, i)}>
                  <span className="picked-vehicle">
                    <PickedVehicleThumb cover={vehicle.cover} />
                    <span className="plate">{vehicle.licensePlate}</span>
                  </span>
                </td>
              )
              : typed?.(row, i)}
            {cells(row, i)}
            <td>
              <button
                type="button" className={removal.className ?? 'btn btn-small'} onClick={() => removal.onRemove(i)} disabled={removal.disabled}
                aria-label={removal.label(row, i)} data-testid={removal.testId?.(row, i)}
              >
                {removal.text}
              </button>
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}
