import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { LotView, PlaceOfferResponse } from '@auction/contracts';
import { parseMoney } from '@auction/i18n';
import { appLanguageOf } from '../../i18n/i18n.js';
import { ApiError } from '../../api/http.js';
import { offerMachine } from '../../machines/offer.machine.js';
import { useMoney } from '../../ui/Money.js';
import { useServices } from '../../ui/services-context.js';
import type { LotActor } from './use-auction-live.js';

interface Props {
  readonly lot: LotView;
  readonly lotActor: LotActor;
  /** Resolves true when the dealer may offer (regulation accepted). */
  readonly ensureRegulation: () => Promise<boolean>;
  readonly compact?: boolean;
}

/**
 * The offer of one lot: the next valid amount pre-filled (and re-filled when the best offer moves), checked
 * against the lot's rules before sending, sent with an idempotency key and retried safely by the offer machine;
 * a refusal shows its translated reason. Buy-now goes through a confirm dialog.
 */
export function OfferForm({ lot, lotActor, ensureRegulation, compact }: Props) {
  const { api, dialogs, i18n } = useServices();
  const { t } = useTranslation('auction');
  const money = useMoney();
  const offer = useActorRef(offerMachine.provide({
    actors: {
      sendOffer: fromPromise<PlaceOfferResponse, { idAuction: string; idLot: string; amount: number; clickAndBuy: boolean; idempotencyKey: string }>(
        ({ input }) => api.placeOffer(input.idAuction, input.idLot, input.amount, input.clickAndBuy, input.idempotencyKey).catch((error: unknown) => {
          // The offer machine's refusalCode decides refusal or retry from these two.
          throw error instanceof ApiError ? { status: error.status, errorCode: error.errorCode } : error;
        }),
      ),
    },
  }), { input: { idAuction: lot.idAuction, idLot: lot.idLot, rules: { basePrice: lot.basePrice, minIncrement: lot.minIncrement, buyNowPrice: lot.buyNowPrice }, bestOffer: lot.bestOffer } });
  const state = useSelector(offer, (s) => s);
  const [text, setText] = useState<string | null>(null);
  const language = appLanguageOf(i18n);

  useEffect(() => { offer.send({ type: 'lot.changed', bestOffer: lot.bestOffer }); }, [offer, lot.bestOffer]);
  useEffect(() => {
    const subs = [
      offer.on('accepted', (e: { response: PlaceOfferResponse }) => { lotActor.send({ type: 'offer.accepted', response: e.response }); setText(null); }),
      offer.on('refused', () => lotActor.send({ type: 'offer.failed' })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [offer, lotActor]);
  const sending = state.matches('sending') || state.matches('retrying');
  useEffect(() => { if (sending) lotActor.send({ type: 'offer.placing' }); }, [sending, lotActor]);
  useEffect(() => {
    if (!state.matches('confirmingBuyNow')) return;
    void dialogs.confirm('auction:offer.confirmBuyNow', { brand: lot.brand, model: lot.model, plate: lot.licensePlate, amount: money(lot.buyNowPrice ?? 0) }, 'auction:lot.buyNow')
      .then((yes) => offer.send({ type: yes ? 'offer.confirm' : 'offer.cancel' }));
  }, [state.value]); // eslint-disable-line react-hooks/exhaustive-deps

  const ctx = state.context;
  useEffect(() => {
    if (text === null) return;
    const typed = parseMoney(text, language);
    if (typed !== null && typed !== ctx.amount) setText(null);
  }, [ctx.amount]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = text ?? formatInput(ctx.amount);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await ensureRegulation()) offer.send({ type: 'offer.submit' });
  };
  const buyNow = async () => {
    if (await ensureRegulation()) offer.send({ type: 'offer.buyNow' });
  };
  const inputId = `offer-${lot.idLot}`;
  const errorId = `offer-error-${lot.idLot}`;
  const problem = ctx.validation === 'invalid' ? t('offer.invalid')
    : ctx.validation === 'belowMinimum' ? t('offer.belowMinimum', { amount: money(ctx.minimum ?? lot.nextMinimumOffer) }) : null;
  const refusal = state.matches('refused') ? (ctx.errorCode ? t(`errors:${ctx.errorCode}`, { defaultValue: t('errors:unknown', { code: ctx.errorCode }) }) : t('errors:network')) : null;
  return (
    <form className="offer-form" onSubmit={(e) => void submit(e)} noValidate data-testid={`offer-form-${lot.idLot}`}>
      <label htmlFor={inputId} className="visually-hidden">{t('offer.amount', { plate: lot.licensePlate })}</label>
      <input
        id={inputId} inputMode="decimal" autoComplete="off" value={shown} data-testid={`offer-input-${lot.idLot}`}
        aria-invalid={problem ? true : undefined} aria-describedby={problem || refusal ? errorId : undefined}
        onChange={(e) => { setText(e.target.value); offer.send({ type: 'offer.amount', amount: parseMoney(e.target.value, language) ?? Number.NaN }); }}
      />
      <button type="submit" className="btn btn-primary btn-small" disabled={sending || !!problem} data-testid={`offer-submit-${lot.idLot}`}>
        {sending ? t('my.placing') : t('offer.submit')}
      </button>
      {lot.buyNowPrice !== null && !compact && (
        <button type="button" className="btn btn-small" disabled={sending} onClick={() => void buyNow()} data-testid={`buy-now-${lot.idLot}`}>
          {t('lot.buyNowFor', { amount: money(lot.buyNowPrice) })}
        </button>
      )}
      {(problem || refusal || state.matches('retrying')) && (
        <span id={errorId} className="offer-error" role="alert" data-testid={`offer-error-${lot.idLot}`} data-error-code={ctx.errorCode ?? undefined}>
          {problem ?? refusal ?? t('offer.retrying')}
        </span>
      )}
    </form>
  );
}

function formatInput(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace('.', ',');
}
