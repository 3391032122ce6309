import { useTranslation } from 'react-i18next';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import type { MyLotOutcome } from './use-my-lot.js';
import { errorText } from './vehicle-text.js';

/**
 * The result of the last operation on a vehicle: held until… (on the vehicle market's clock, zone added when the screen
 * names none for all rows), bought, or the translated refusal.
 */
export function OutcomeText({ result, idVehicle, market, named = false }: { result: MyLotOutcome | undefined; idVehicle: string; market: string; named?: boolean }) {
  const { t, i18n } = useTranslation('showcase');
  if (!result) return null;
  const zone = timeZoneOfMarket(market);
  const held = (instant: string) => (named ? `${formatDateTimeIn(instant, zone)} (${zone})` : formatDateTimeIn(instant, zone));
  const { operation, outcome } = result;
  const text = !outcome.ok ? errorText(t, i18n, outcome.errorCode)
    : operation === 'buy' ? t('myLot.bought')
    : outcome.holdUntil ? t('myLot.heldUntil', { time: held(outcome.holdUntil) }) : t('myLot.booked');
  return (
    <span className={outcome.ok ? 'outcome-ok' : 'outcome-error'} data-testid={`outcome-${idVehicle}`} data-ok={outcome.ok} data-error-code={outcome.errorCode}>
      {text}
    </span>
  );
}
