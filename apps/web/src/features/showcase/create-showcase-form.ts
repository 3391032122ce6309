import { StockShowcaseRequest, type VehicleCard } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { parseMoney } from '@auction/i18n';

/** A vehicle of the form: picked from the stock, its price as typed. */
export interface ShowcaseRow {
  readonly vehicle: Pick<VehicleCard, 'idVehicle' | 'licensePlate' | 'brand' | 'model' | 'version' | 'photos'>;
  readonly price: string;
}

/** The create-showcase form. */
export interface ShowcaseForm {
  readonly idMarket: Market;
  readonly rows: readonly ShowcaseRow[];
}

/** Field path (`vehicles`, `vehicles.2.price`) to the key of its message under `createShowcase.errors`. */
export type ShowcaseFieldErrors = Readonly<Record<string, 'price' | 'noVehicles' | 'tooMany' | 'twice'>>;

/** Picked vehicles join the form at the end, once each (a vehicle already in it keeps its row and price). */
export function addPicked(form: ShowcaseForm, picked: readonly VehicleCard[]): ShowcaseForm {
  const known = new Set(form.rows.map((r) => r.vehicle.idVehicle));
  return { ...form, rows: [...form.rows, ...picked.filter((v) => !known.has(v.idVehicle)).map((vehicle) => ({ vehicle, price: '' }))] };
}

/**
 * The request of the form, checked with the contract's `StockShowcaseRequest` (the schema the API parses): prices are
 * read as the market's users type them (12'500,50); every refused field gets its message key.
 */
export function toShowcaseRequest(form: ShowcaseForm): { ok: true; request: StockShowcaseRequest } | { ok: false; errors: ShowcaseFieldErrors } {
  const body = {
    idMarket: form.idMarket,
    vehicles: form.rows.map((r) => ({ idVehicle: r.vehicle.idVehicle, price: parseMoney(r.price) ?? Number.NaN })),
  };
  const parsed = StockShowcaseRequest.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Record<string, ShowcaseFieldErrors[string]> = {};
  for (const issue of parsed.error.issues) {
    const [root, index, field] = issue.path;
    if (root !== 'vehicles') continue;
    if (index === undefined) {
      errors['vehicles'] = issue.code === 'too_small' ? 'noVehicles' : issue.code === 'too_big' ? 'tooMany' : 'twice';
    } else if (field === 'price') {
      errors[`vehicles.${String(index)}.price`] = 'price';
    }
  }
  return { ok: false, errors };
}
