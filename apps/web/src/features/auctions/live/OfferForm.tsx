import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { LotView, PlaceOfferResponse } from '@auction/contracts';
import { formatNumber, parseMoney, type Language } from '@auction/i18n';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { ApiError } from '../../../api/http.js';
import { offerMachine, type OfferConfirm } from '../../../machines/offer.machine.js';
import { buyNowOpen, refusalCode } from '../../../machines/offer-rules.js';
import { useMoney } from '../../../ui/Money.js';
import { useServices, useStore } from '../../../ui/services-context.js';
import type { LotActor } from './use-auction-live.js';

interface Props {
  readonly lot: LotView;
  readonly lotActor: LotActor;
  /** Resolves true when the dealer may offer (regulation accepted). */
  readonly ensureRegulation: () => Promise<boolean>;
  readonly compact?: boolean;
}

/** The quick "+ increment" buttons: one and five increments. */
const PLUS_STEPS = [1, 5] as const;

/**
 * The offer of one lot: the next valid amount pre-filled (and re-filled when the best offer moves, also right after a
 * refusal), "+ increment" buttons, checked against the lot's rules before sending, sent with an idempotency key and
 * retried safely by the offer machine; a refusal shows its translated reason. An amount far above the price, a raise
 * of one's own leading bid and buy-now ask first; an amount at or above an open buy-now price offers buy now instead.
 * Buy now shows only while it is possible; nothing can be sent while the live connection is lost. An answer that
 * arrives after the form is gone (the lot closed meanwhile) still reaches the lot, which keeps its outcome.
 */
export function OfferForm({ lot, lotActor, ensureRegulation, compact }: Props) {
  const { api, dialogs, i18n, live } = useServices();
  const { t } = useTranslation('auction');
  const money = useMoney();
  const mounted = useRef(true);
  useEffect(() => { mounted.current = true; return () => { mounted.current = false; }; }, []);
  const offer = useActorRef(offerMachine.provide({
    actors: {
      sendOffer: fromPromise<PlaceOfferResponse, { idAuction: string; idLot: string; amount: number; clickAndBuy: boolean; idempotencyKey: string }>(
        ({ input }) => api.placeOffer(input.idAuction, input.idLot, input.amount, input.clickAndBuy, input.idempotencyKey).then((response) => {
          if (!mounted.current) lotActor.send({ type: 'offer.accepted', response });
          return response;
        }, (error: unknown) => {
          // The offer machine's refusalCode decides refusal or retry from these two.
          const reason = error instanceof ApiError ? { status: error.status, errorCode: error.errorCode } : error;
          if (!mounted.current) lotActor.send({ type: 'offer.failed', errorCode: refusalCode(reason) ?? 0, amount: input.amount, clickAndBuy: input.clickAndBuy });
          throw reason;
        }),
      ),
    },
  }), { input: { idAuction: lot.idAuction, idLot: lot.idLot, rules: { basePrice: lot.basePrice, minIncrement: lot.minIncrement, buyNowPrice: lot.buyNowPrice }, bestOffer: lot.bestOffer, leading: lotActor.getSnapshot().context.leading } });
  const state = useSelector(offer, (s) => s);
  const leading = useSelector(lotActor, (s) => s.context.leading);
  const lostButAccepted = useSelector(lotActor, (s) => !!s.context.lastOutcome?.accepted && s.context.lastOutcome.amount === state.context.sentAmount);
  const stale = useStore(live.stale);
  const [text, setText] = useState<string | null>(null);
  const language = appLanguageOf(i18n);

  useEffect(() => { offer.send({ type: 'lot.changed', bestOffer: lot.bestOffer, leading }); }, [offer, lot.bestOffer, leading]);
  useEffect(() => {
    const subs = [
      offer.on('accepted', (e: { response: PlaceOfferResponse }) => { lotActor.send({ type: 'offer.accepted', response: e.response }); setText(null); }),
      offer.on('refused', (e: { errorCode: number; amount: number; clickAndBuy: boolean }) => {
        lotActor.send({ type: 'offer.failed', errorCode: e.errorCode, amount: e.amount, clickAndBuy: e.clickAndBuy });
        setText(null);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [offer, lotActor]);
  const sending = state.matches('sending') || state.matches('retrying');
  useEffect(() => { if (sending) lotActor.send({ type: 'offer.placing' }); }, [sending, lotActor]);
  const ctx = state.context;
  useEffect(() => {
    if (!state.matches('confirmingBuyNow') && !state.matches('confirming')) return;
    const [key, confirmKey] = CONFIRM_TEXTS[ctx.confirm ?? 'buyNow'];
    const values = {
      brand: lot.brand, model: lot.model, plate: lot.licensePlate, buyNow: money(lot.buyNowPrice ?? 0), minimum: money(ctx.minimum),
      current: money(lot.bestOffer ?? 0), amount: money(ctx.confirm === 'buyNow' ? lot.buyNowPrice ?? 0 : ctx.amount),
    };
    void dialogs.confirm(key, values, confirmKey).then((yes) => offer.send({ type: yes ? 'offer.confirm' : 'offer.cancel' }));
  }, [state.value]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (text === null) return;
    const typed = parseMoney(text, language);
    if (typed !== null && typed !== ctx.amount) setText(null);
  }, [ctx.amount]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = text ?? formatInput(ctx.amount, language);
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
  // A network failure the server later showed was accepted (its answer was lost) is no longer told as a failure.
  const refusal = ctx.errorCode === null || sending || (ctx.errorCode === 0 && lostButAccepted) ? null
    : ctx.errorCode ? t(`errors:${ctx.errorCode}`, { defaultValue: t('errors:unknown', { code: ctx.errorCode }) }) : t('errors:network');
  const canBuyNow = buyNowOpen(ctx.rules, lot.bestOffer);
  return (
    <form className="offer-form" onSubmit={(e) => void submit(e)} noValidate data-testid={`offer-form-${lot.idLot}`}>
      <label htmlFor={inputId} className="visually-hidden">{t('offer.amount', { plate: lot.licensePlate })}</label>
      <input
        id={inputId} inputMode="decimal" autoComplete="off" value={shown} data-testid={`offer-input-${lot.idLot}`}
        aria-invalid={problem ? true : undefined} aria-describedby={problem || refusal ? errorId : undefined}
        onChange={(e) => { setText(e.target.value); offer.send({ type: 'offer.amount', amount: parseMoney(e.target.value, language) ?? Number.NaN }); }}
      />
      {!compact && PLUS_STEPS.map((steps) => (
        <button
          key={steps} type="button" className="btn btn-small btn-plus" disabled={sending || stale} data-testid={`offer-plus-${steps}-${lot.idLot}`}
          title={t('bid.plusLabel', { steps, amount: money(steps * lot.minIncrement) })}
          onClick={() => offer.send({ type: 'offer.plus', steps })}
        >
          {t('bid.plus', { amount: money(steps * lot.minIncrement) })}
        </button>
      ))}
      <button
        type="submit" className="btn btn-primary btn-small" disabled={sending || stale || !!problem} data-testid={`offer-submit-${lot.idLot}`}
        aria-describedby={stale ? `offer-paused-${lot.idLot}` : undefined}
      >
        {sending ? t('my.placing') : t('offer.submit')}
      </button>
      {canBuyNow && !compact && (
        <button type="button" className="btn btn-small" disabled={sending || stale} onClick={() => void buyNow()} data-testid={`buy-now-${lot.idLot}`}>
          {t('lot.buyNowFor', { amount: money(lot.buyNowPrice ?? 0) })}
        </button>
      )}
      {stale && !sending && (
        // Refused at once and told where the dealer clicks: an offer is never held to be sent later at a stale price.
        <span id={`offer-paused-${lot.idLot}`} className="offer-error" role="status" data-testid={`offer-paused-${lot.idLot}`}>{t('offer.paused')}</span>
      )}
      {(problem || refusal || state.matches('retrying')) && (
        <span id={errorId} className="offer-error" role="alert" data-testid={`offer-error-${lot.idLot}`} data-error-code={ctx.errorCode ?? undefined}>
          {problem ?? refusal ?? t('offer.retrying')}
        </span>
      )}
    </form>
  );
}

/** The confirm dialog's text and confirm button of each reason to ask. */
const CONFIRM_TEXTS: Record<OfferConfirm, [string, string]> = {
  farAbove: ['auction:bid.confirmFarAbove', 'auction:bid.send'],
  raiseOwn: ['auction:bid.confirmRaiseOwn', 'auction:bid.send'],
  buyNowInstead: ['auction:bid.confirmBuyNowInstead', 'auction:lot.buyNow'],
  buyNow: ['auction:offer.confirmBuyNow', 'auction:lot.buyNow'],
};

/** The amount in the field, written as every other figure of the screen (`5'100,00` in Italian); parseMoney reads it back. */
function formatInput(amount: number | null | undefined, language: Language): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return formatNumber(amount, language, 2);
}
