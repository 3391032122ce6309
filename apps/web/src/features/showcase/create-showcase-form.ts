import { z } from 'zod';
import { StockShowcaseRequest, type VehicleCard } from '@auction/contracts';
import { MARKETS } from '@auction/domain';
import { parseMoney } from '@auction/i18n';

/** What a row of the form shows of its picked vehicle. */
export type ShowcaseVehicle = Pick<VehicleCard, 'idVehicle' | 'licensePlate' | 'brand' | 'model' | 'version' | 'photos'>;

/**
 * The create-showcase form's schema: the form's values (the market; per picked vehicle, its price as typed) read into
 * the contract's `StockShowcaseRequest`, the schema the API parses, which then judges them. Prices are read as the
 * market's users type them (12'500,50). react-hook-form runs it (zodResolver): a refused price is `vehicles.<i>.price`,
 * a refused list `vehicles`; the output is the request as sent.
 */
export const ShowcaseFormSchema = z.object({
  idMarket: z.enum(MARKETS),
  /** The template the showcase sells through (the template selector's pick); blank or absent: the default channel. */
  idTemplate: z.string().optional(),
  vehicles: z.array(z.object({ vehicle: z.custom<ShowcaseVehicle>((v) => typeof (v as ShowcaseVehicle | null)?.idVehicle === 'string'), price: z.string() })),
}).transform(({ idMarket, idTemplate, vehicles }) => ({
  idMarket,
  ...(idTemplate ? { idTemplate } : {}),
  vehicles: vehicles.map((r) => ({ idVehicle: r.vehicle.idVehicle, price: parseMoney(r.price) ?? Number.NaN })),
})).pipe(StockShowcaseRequest);

/** The form's values. */
export type ShowcaseForm = z.input<typeof ShowcaseFormSchema>;

/** A refused field's message key under `createShowcase.errors`. */
export type ShowcaseErrorKey = 'price' | 'noVehicles' | 'tooMany' | 'twice';

/** The message key of a refusal of the whole list, by the contract's issue code. */
export function listErrorKey(code: string | undefined): ShowcaseErrorKey {
  return code === 'too_small' ? 'noVehicles' : code === 'too_big' ? 'tooMany' : 'twice';
}

/** The rows picked vehicles add to the form's `rows`, at the end: those not in it yet (a row there keeps its price), without a price. */
export function newRows(rows: ShowcaseForm['vehicles'], picked: readonly VehicleCard[]): ShowcaseForm['vehicles'] {
  const known = new Set(rows.map((r) => r.vehicle.idVehicle));
  return picked.filter((v) => !known.has(v.idVehicle)).map((vehicle) => ({ vehicle, price: '' }));
}
