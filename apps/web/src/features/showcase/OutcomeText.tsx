import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@auction/i18n';
import type { MyLotOutcome } from './use-my-lot.js';
import { errorText } from './vehicle-text.js';

/** The result of the last operation on a vehicle: held until…, bought, or the translated refusal. */
export function OutcomeText({ result, idVehicle }: { result: MyLotOutcome | undefined; idVehicle: string }) {
  const { t, i18n } = useTranslation('showcase');
  if (!result) return null;
  const { operation, outcome } = result;
  const text = !outcome.ok ? errorText(t, i18n, outcome.errorCode)
    : operation === 'buy' ? t('myLot.bought')
    : outcome.holdUntil ? t('myLot.heldUntil', { time: formatDateTime(outcome.holdUntil) }) : t('myLot.booked');
  return (
    <span className={outcome.ok ? 'outcome-ok' : 'outcome-error'} data-testid={`outcome-${idVehicle}`} data-ok={outcome.ok} data-error-code={outcome.errorCode}>
      {text}
    </span>
  );
}
