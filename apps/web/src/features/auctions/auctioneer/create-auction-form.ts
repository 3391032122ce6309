import { CreateAuctionRequest, type AuctionView, type LotView, type VehicleCard } from '@auction/contracts';
import type { AuctionType } from '@auction/domain';
import { parseMoney, timeZoneOfMarket } from '@auction/i18n';
import type { z } from 'zod';
import { dateTimeValueOf, instantOf, type DateTimeValue } from './date-time-value.js';

/**
 * One lot row of the create form, as typed. Amounts in euros (`1'234,50`, `1234.5`, ...); optional ones may be empty.
 * A row picked from the stock carries its vehicle (`idVehicle`, its cover photo): its plate, frame, brand and model are
 * the vehicle's and are not typed; a typed row has `idVehicle` empty.
 */
export interface LotForm {
  /** The lot's id when editing an auction (its offers and number stay); empty for a new row. */
  readonly idLot: string;
  readonly idVehicle: string;
  /** The picked vehicle's cover photo (an image id), empty when none. */
  readonly cover: string;
  readonly licensePlate: string;
  readonly frame: string;
  readonly brand: string;
  readonly model: string;
  readonly basePrice: string;
  readonly minIncrement: string;
  readonly reservePrice: string;
  readonly buyNowPrice: string;
}

/** The create-auction form, as typed. */
export interface AuctionForm {
  readonly auctionName: string;
  readonly idMarket: string;
  readonly auctionType: AuctionType;
  readonly regulationRequired: boolean;
  readonly windowSeconds: string;
  readonly extendSeconds: string;
  readonly start: DateTimeValue;
  readonly end: DateTimeValue;
  readonly lots: readonly LotForm[];
}

/** Why a field is refused (keys of `auctioneer:fieldErrors`). */
export type FieldErrorKey =
  | 'required' | 'tooLong' | 'invalid' | 'amount' | 'belowBase' | 'noLots' | 'tooMany' | 'date' | 'seconds' | 'endBeforeStart';

/** Errors by field path of the request (`auctionName`, `startDate`, `extension.windowSeconds`, `lots.0.basePrice`, `lots`). */
export type FieldErrors = Readonly<Record<string, FieldErrorKey>>;

/** The outcome of {@link toCreateAuctionRequest}. */
export type CreateAuctionFormResult =
  | { readonly ok: true; readonly request: CreateAuctionRequest }
  | { readonly ok: false; readonly errors: FieldErrors };

/** A blank lot row. */
export function emptyLot(): LotForm {
  return { idLot: '', idVehicle: '', cover: '', licensePlate: '', frame: '', brand: '', model: '', basePrice: '', minIncrement: '', reservePrice: '', buyNowPrice: '' };
}

/** An amount as the form shows it for editing: plain digits, a dot before the cents when there are any. */
function amountText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** The row of an existing lot, for editing its auction. */
export function lotFormOf(lot: LotView): LotForm {
  return {
    idLot: lot.idLot, idVehicle: lot.idVehicle ?? '', cover: lot.idCoverPhoto ?? '', licensePlate: lot.licensePlate, frame: lot.frame ?? '',
    brand: lot.brand, model: lot.model, basePrice: amountText(lot.basePrice), minIncrement: amountText(lot.minIncrement),
    reservePrice: amountText(lot.reservePrice), buyNowPrice: amountText(lot.buyNowPrice),
  };
}

/** The form of an existing (scheduled) auction with all its lots, on its market's clock. */
export function auctionFormOf(auction: AuctionView): AuctionForm {
  const zone = timeZoneOfMarket(auction.idMarket);
  return {
    auctionName: auction.auctionName, idMarket: auction.idMarket, auctionType: auction.auctionType, regulationRequired: auction.regulationRequired,
    windowSeconds: String(auction.extension.windowSeconds), extendSeconds: String(auction.extension.extendSeconds),
    start: dateTimeValueOf(Date.parse(auction.startDate), zone), end: dateTimeValueOf(Date.parse(auction.endDate), zone),
    lots: auction.lots.map(lotFormOf),
  };
}

/** A lot row for a vehicle picked from the stock: its data, its price (when it has one) as the base price. */
export function lotFromVehicle(vehicle: VehicleCard): LotForm {
  return {
    ...emptyLot(), idVehicle: vehicle.idVehicle, cover: vehicle.photos[0] ?? '', licensePlate: vehicle.licensePlate, frame: vehicle.frame,
    brand: vehicle.brand, model: vehicle.version ? `${vehicle.model} ${vehicle.version}`.slice(0, 80) : vehicle.model,
    basePrice: vehicle.price === null ? '' : String(vehicle.price),
  };
}

/**
 * The form's lots with `vehicles` added at the end, each once: a vehicle already a lot is not added again. An empty
 * typed row left alone (the form's first, untouched row) gives its place to the vehicles.
 */
export function addVehicleLots(lots: readonly LotForm[], vehicles: readonly VehicleCard[]): LotForm[] {
  const blank = (l: LotForm) => JSON.stringify(l) === JSON.stringify(emptyLot());
  const kept = lots.filter((l) => !blank(l));
  const present = new Set(kept.map((l) => l.idVehicle).filter(Boolean));
  const added: LotForm[] = [];
  for (const vehicle of vehicles) {
    if (present.has(vehicle.idVehicle)) continue;
    present.add(vehicle.idVehicle);
    added.push(lotFromVehicle(vehicle));
  }
  const result = [...kept, ...added];
  return result.length > 0 ? result : [...lots];
}

/**
 * A new form: one blank lot, starting at the next whole hour after `now` on the market's clock for one hour, 60 s
 * extension.
 */
export function initialAuctionForm(now: number, idMarket = 'IT'): AuctionForm {
  const zone = timeZoneOfMarket(idMarket);
  const hourStart = Date.parse(instantOf({ ...dateTimeValueOf(now, zone), minute: '00' }, zone)!);
  const start = hourStart + 3_600_000;
  return {
    auctionName: '', idMarket, auctionType: 'OTH', regulationRequired: false, windowSeconds: '60', extendSeconds: '60',
    start: dateTimeValueOf(start, zone), end: dateTimeValueOf(start + 3_600_000, zone), lots: [emptyLot()],
  };
}

type Issue = z.ZodError['issues'][number];

function keyOf(issue: Issue): FieldErrorKey {
  const [first] = issue.path;
  if (first === 'extension') return 'seconds';
  if (first === 'startDate' || first === 'endDate') return 'date';
  switch (issue.code) {
    case 'too_small': return issue.origin === 'array' ? 'noLots' : issue.origin === 'string' ? 'required' : 'invalid';
    case 'too_big': return issue.origin === 'array' ? 'tooMany' : 'tooLong';
    case 'custom': return /below/.test(issue.message) ? 'belowBase' : 'amount';
    case 'invalid_type': case 'invalid_value': return 'required';
    default: return 'invalid';
  }
}

/** An amount typed in the form: undefined when empty, NaN when not an amount. */
function amount(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return parseMoney(text) ?? Number.NaN;
}

function seconds(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Maps the form to the body of `POST /auction` and validates it with the contract's `CreateAuctionRequest`:
 * dates DD/MM/YYYY with HH:mm become ISO instants (on the chosen market's clock, seconds zero), amounts are read in any of the
 * portal's number formats, empty optional fields are left out. Every broken rule is reported by field path.
 */
export function toCreateAuctionRequest(form: AuctionForm): CreateAuctionFormResult {
  const errors: Record<string, FieldErrorKey> = {};
  const zone = timeZoneOfMarket(form.idMarket);
  const startDate = instantOf(form.start, zone);
  const endDate = instantOf(form.end, zone);
  if (!startDate) errors.startDate = 'date';
  if (!endDate) errors.endDate = 'date';
  if (startDate && endDate && Date.parse(endDate) < Date.parse(startDate)) errors.endDate = 'endBeforeStart';
  const lots = form.lots.map((lot, i) => {
    const money = (field: 'basePrice' | 'minIncrement' | 'reservePrice' | 'buyNowPrice') => {
      const value = amount(lot[field]);
      if (Number.isNaN(value)) errors[`lots.${i}.${field}`] = 'amount';
      return value;
    };
    return {
      ...(lot.idLot ? { idLot: lot.idLot } : {}),
      ...(lot.idVehicle ? { idVehicle: lot.idVehicle } : {}),
      licensePlate: lot.licensePlate, frame: lot.frame.trim() || undefined, brand: lot.brand, model: lot.model,
      basePrice: money('basePrice'), minIncrement: money('minIncrement'), reservePrice: money('reservePrice'), buyNowPrice: money('buyNowPrice'),
    };
  });
  const candidate = {
    auctionName: form.auctionName, idMarket: form.idMarket, auctionType: form.auctionType,
    startDate: startDate ?? '', endDate: endDate ?? '', regulationRequired: form.regulationRequired,
    extension: { windowSeconds: seconds(form.windowSeconds), extendSeconds: seconds(form.extendSeconds) }, lots,
  };
  const parsed = CreateAuctionRequest.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.') || 'form';
      errors[path] ??= keyOf(issue);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/**
 * The body with the form's channel (`idTemplate`: a template, or null for the default channel, every dealer). Editing,
 * the channel is always said, so choosing the default channel moves an auction sold through a template back to every
 * dealer; creating, only a template is sent (none: the default channel).
 */
export function withChannel<T extends CreateAuctionRequest>(request: T, idTemplate: string | null, editing: boolean): T {
  return editing || idTemplate ? { ...request, idTemplate } : request;
}

/**
 * The messages shown after a submit that still hold for `form`: a field fixed since loses its message at once, a
 * field still wrong keeps it (with its current reason), and no new message appears before the next submit.
 * Returns `shown` itself when nothing changed.
 */
export function errorsStillShown(shown: FieldErrors, form: AuctionForm): FieldErrors {
  const paths = Object.keys(shown);
  if (paths.length === 0) return shown;
  const result = toCreateAuctionRequest(form);
  const now: FieldErrors = result.ok ? {} : result.errors;
  const kept: Record<string, FieldErrorKey> = {};
  for (const path of paths) if (now[path]) kept[path] = now[path];
  const same = Object.keys(kept).length === paths.length && paths.every((p) => kept[p] === shown[p]);
  return same ? shown : kept;
}
