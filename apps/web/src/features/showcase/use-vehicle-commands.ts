import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { VehicleView } from '@auction/contracts';
import { formatTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useMoney } from '../../ui/Money.js';
import { useServices } from '../../ui/services-context.js';
import { useShowcaseRegulation } from './use-showcase-regulation.js';
import { vehicleLabel } from './vehicle-text.js';

/** A fresh idempotency key, so a retried call cannot act twice (absent where the browser has no `randomUUID`). */
export function newIdempotencyKey(): string | undefined {
  return globalThis.crypto?.randomUUID?.();
}

/**
 * A dealer's operations on one catalogue vehicle: add to / remove from my lot, pre-empt and buy (both after the
 * showcase regulation and a confirm dialog). The page's data is reloaded after each; `busy` is the vehicle being
 * worked on, so its buttons are disabled meanwhile. Refusals are shown by the HTTP client's error popup.
 */
export function useVehicleCommands(dealer: boolean) {
  const { showcase, dialogs } = useServices();
  const router = useRouter();
  const money = useMoney();
  const ensureRegulation = useShowcaseRegulation(dealer);
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(async (v: VehicleView, action: () => Promise<void>) => {
    setBusy(v.idVehicle);
    try {
      await action();
    } catch {
      // the HTTP client already showed the error
    } finally {
      setBusy(null);
      await router.invalidate();
    }
  }, [router]);

  const addToMyLot = (v: VehicleView) => run(v, async () => { await showcase.addToMyLot([v.idVehicle]); });

  const removeFromMyLot = (v: VehicleView) => run(v, async () => {
    if (v.heldByMe && !(await dialogs.confirm('showcase:confirmRemove', { vehicle: vehicleLabel(v) }))) return;
    await showcase.removeFromMyLot([v.idVehicle]);
  });

  const preempt = (v: VehicleView) => run(v, async () => {
    if (!(await ensureRegulation())) return;
    if (!(await dialogs.confirm('showcase:confirmPreempt', { vehicle: vehicleLabel(v) }, 'showcase:actions.preempt'))) return;
    const outcome = await showcase.preempt(v.idVehicle, newIdempotencyKey());
    if (outcome.ok) void dialogs.success('showcase:preempted', { vehicle: vehicleLabel(v), time: outcome.holdUntil ? `${formatTimeIn(outcome.holdUntil, timeZoneOfMarket(v.idMarket))} (${timeZoneOfMarket(v.idMarket)})` : '–' });
    else void dialogs.error(outcome.errorCode ?? 0);
  });

  const buy = (v: VehicleView) => run(v, async () => {
    if (!(await ensureRegulation())) return;
    const values = { vehicle: vehicleLabel(v), price: money(v.price) };
    if (!(await dialogs.confirm('showcase:confirmBuy', values, 'showcase:actions.buy'))) return;
    const [outcome] = await showcase.buy([v.idVehicle], newIdempotencyKey());
    if (outcome?.ok) void dialogs.success('showcase:bought', values);
    else void dialogs.error(outcome?.errorCode ?? 0);
  });

  return { busy, addToMyLot, removeFromMyLot, preempt, buy };
}
