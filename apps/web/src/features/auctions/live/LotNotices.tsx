import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@auction/domain';
import { formatDateTimeIn, formatDuration } from '@auction/i18n';
import { appLanguageOf } from '../../../i18n/i18n.js';
import type { OfferOutcome } from '../../../machines/lot-context.js';
import { useMarketZone } from '../../../ui/market-zone.js';
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

/**
 * Flashes "extended by 16 min 50 s: now ends at HH:MM:SS" for a while after an offer in the window moved the lot's end.
 * `reserved` (a table row): always takes the same room, empty or not, and shows only "+16 min 50 s" (the full sentence
 * for screen readers and as its title), so the row never widens and the offer buttons never move under the cursor.
 */
export function ExtensionFlash({ idLot, endDate, extendedFrom, reserved }: { idLot: string; endDate: string; extendedFrom: string | null; reserved?: boolean }) {
  const { t, i18n } = useTranslation('auction');
  const zone = useMarketZone();
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (extendedFrom === null) return;
    setShownFor(endDate);
    const timer = setTimeout(() => setShownFor(null), EXTENSION_FLASH_MS);
    return () => clearTimeout(timer);
  }, [endDate, extendedFrom]);
  const shown = extendedFrom !== null && shownFor === endDate;
  if (!shown) return reserved ? <span className="lot-extended-slot" aria-hidden="true" /> : null;
  const duration = formatDuration(Date.parse(endDate) - Date.parse(extendedFrom), appLanguageOf(i18n));
  const full = t('bid.extended', { duration, time: formatDateTimeIn(endDate, zone) });
  if (!reserved) return <span className="badge badge-extended lot-extended" role="status" data-testid={`lot-extended-${idLot}`}>{full}</span>;
  return (
    <span className="lot-extended-slot">
      <span className="badge badge-extended lot-extended" role="status" title={full} data-testid={`lot-extended-${idLot}`}>
        <span aria-hidden="true">{t('bid.extendedShort', { duration })}</span>
        <span className="visually-hidden">{full}</span>
      </span>
    </span>
  );
}
