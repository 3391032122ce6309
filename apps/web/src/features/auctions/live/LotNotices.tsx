import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@auction/domain';
import { formatDateTime } from '@auction/i18n';
import type { OfferOutcome } from '../../../machines/lot-context.js';
import { useMoney } from '../../../ui/Money.js';

/** How long an extension stays flashed on its lot. */
const EXTENSION_FLASH_MS = 15_000;

/**
 * The outcome of the dealer's last offer on a lot, kept on the lot once the offer form is gone (a lot that closed
 * while the offer travelled: "your 4,700 € offer arrived after the close"). While the lot runs the form tells it.
 */
export function OfferOutcomeLine({ idLot, outcome }: { idLot: string; outcome: OfferOutcome | null }) {
  const { t } = useTranslation('auction');
  const money = useMoney();
  if (!outcome) return null;
  const amount = money(outcome.amount);
  const text = outcome.accepted ? t('bid.accepted', { amount })
    : outcome.errorCode === ERROR_CODES.LOT_ENDED ? t('bid.late', { amount })
    : t('bid.refused', {
      amount,
      reason: outcome.errorCode ? t(`errors:${outcome.errorCode}`, { defaultValue: t('errors:unknown', { code: outcome.errorCode }) }) : t('errors:network'),
    });
  return (
    <p className={`offer-outcome ${outcome.accepted ? 'offer-outcome-accepted' : 'offer-outcome-refused'}`} role="status"
      data-testid={`offer-outcome-${idLot}`} data-error-code={outcome.errorCode ?? undefined}>
      {text}
    </p>
  );
}

/** Flashes "extended by N s: now ends at HH:MM:SS" for a while after an offer in the window moved the lot's end. */
export function ExtensionFlash({ idLot, endDate, extendedFrom }: { idLot: string; endDate: string; extendedFrom: string | null }) {
  const { t } = useTranslation('auction');
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (extendedFrom === null) return;
    setShownFor(endDate);
    const timer = setTimeout(() => setShownFor(null), EXTENSION_FLASH_MS);
    return () => clearTimeout(timer);
  }, [endDate, extendedFrom]);
  if (extendedFrom === null || shownFor !== endDate) return null;
  const seconds = Math.round((Date.parse(endDate) - Date.parse(extendedFrom)) / 1000);
  const time = formatDateTime(endDate);
  return (
    <span className="badge badge-extended lot-extended" role="status" data-testid={`lot-extended-${idLot}`}>
      {t('bid.extended', { seconds, time })}
    </span>
  );
}
