import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { VehicleView } from '@auction/contracts';
import type { VehicleOutcome } from './showcase-api.js';
import { useMoney } from '../../ui/Money.js';
import { useServices } from '../../ui/services-context.js';
import { newIdempotencyKey } from './use-vehicle-commands.js';
import { useShowcaseRegulation } from './use-showcase-regulation.js';
import { vehicleLabel } from './vehicle-text.js';

/** The last result for one vehicle of my lot: which operation and the API's outcome. */
export interface MyLotOutcome {
  readonly operation: 'book' | 'buy';
  readonly outcome: VehicleOutcome;
}

/** Whether a vehicle of my lot can be selected for buying: not sold and not held by another dealer. */
export function isBuyable(v: VehicleView): boolean {
  return v.state !== 'SOLD' && v.state !== 'WITHDRAWN' && !v.boughtByMe && !(v.state === 'HELD' && !v.heldByMe);
}

/**
 * My lot's operations: book it all, buy the selected vehicles, remove one. Book and buy go through the showcase
 * regulation (and buy through a confirm dialog with the total); their per-vehicle outcomes are kept to show
 * beside each vehicle. The list is reloaded after each operation.
 */
export function useMyLot(vehicles: readonly VehicleView[]) {
  const { showcase, dialogs } = useServices();
  const router = useRouter();
  const money = useMoney();
  const ensureRegulation = useShowcaseRegulation(true);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, MyLotOutcome>>(new Map());
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // the HTTP client already showed the error
    } finally {
      setBusy(false);
      await router.invalidate();
    }
  }, [router]);

  const record = (operation: MyLotOutcome['operation'], list: readonly VehicleOutcome[]) =>
    setOutcomes(new Map(list.map((outcome) => [outcome.idVehicle, { operation, outcome }])));

  const book = () => run(async () => {
    if (!(await ensureRegulation())) return;
    record('book', await showcase.bookMyLot(newIdempotencyKey()));
  });

  const chosen = vehicles.filter((v) => selected.has(v.idVehicle) && isBuyable(v));
  const buySelected = () => run(async () => {
    if (chosen.length === 0 || !(await ensureRegulation())) return;
    const total = money(chosen.reduce((sum, v) => sum + v.price, 0));
    if (!(await dialogs.confirm('showcase:confirmBuySelected', { count: chosen.length, price: total }, 'showcase:actions.buy'))) return;
    record('buy', await showcase.buy(chosen.map((v) => v.idVehicle), newIdempotencyKey()));
    setSelected(new Set());
  });

  const remove = (v: VehicleView) => run(async () => {
    if (v.heldByMe && !(await dialogs.confirm('showcase:confirmRemove', { vehicle: vehicleLabel(v) }))) return;
    await showcase.removeFromMyLot([v.idVehicle]);
    setSelected((s) => new Set([...s].filter((id) => id !== v.idVehicle)));
  });

  const toggle = (idVehicle: string, on: boolean) =>
    setSelected((s) => (on ? new Set([...s, idVehicle]) : new Set([...s].filter((id) => id !== idVehicle))));

  return { selected, chosen, outcomes, busy, book, buySelected, remove, toggle };
}
