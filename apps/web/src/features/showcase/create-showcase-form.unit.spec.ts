import { describe, expect, it } from 'vitest';
import type { VehicleCard } from '@auction/contracts';
import { ShowcaseFormSchema, listErrorKey, newRows, type ShowcaseForm } from './create-showcase-form.js';

const card = (idVehicle: string) => ({ idVehicle, licensePlate: `P-${idVehicle}`, brand: 'Fiat', model: 'Tipo', version: null, photos: ['b1'] }) as unknown as VehicleCard;
const empty: ShowcaseForm = { idMarket: 'IT', vehicles: [] };
/** The schema's refusals as react-hook-form shows them: path, and the message key of a refused list. */
const refusals = (form: ShowcaseForm) => {
  const parsed = ShowcaseFormSchema.safeParse(form);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.path.length === 1 ? listErrorKey(i.code) : 'price']);
};

describe('the create-showcase form (#22 item 6)', () => {
  it('adds picked vehicles once each: a row already there keeps its price', () => {
    const one = [{ vehicle: card('A'), price: '9000' }];
    expect(newRows(one, [card('A'), card('B')]).map((r) => [r.vehicle.idVehicle, r.price])).toEqual([['B', '']]);
    expect(newRows([], [card('A')])).toEqual([{ vehicle: card('A'), price: '' }]);
  });

  it('gives the contract\'s request, prices read as typed in the market\'s format', () => {
    const form = { idMarket: 'IT' as const, vehicles: [{ vehicle: card('A'), price: "12'500,50" }, { vehicle: card('B'), price: '8000' }] };
    expect(ShowcaseFormSchema.parse(form)).toEqual({ idMarket: 'IT', vehicles: [{ idVehicle: 'A', price: 12500.5 }, { idVehicle: 'B', price: 8000 }] });
    // Sold through a template (the selector's pick) it carries idTemplate; a blank pick is the default channel.
    expect(ShowcaseFormSchema.parse({ ...form, idTemplate: 'T-DEMO-RENT' })).toMatchObject({ idMarket: 'IT', idTemplate: 'T-DEMO-RENT' });
    expect(ShowcaseFormSchema.parse({ ...form, idTemplate: '' })).not.toHaveProperty('idTemplate');
  });

  it('refuses a form without vehicles, a vehicle twice, and each price missing, zero or not a number beside its row', () => {
    expect(refusals(empty)).toEqual([['vehicles', 'noVehicles']]);
    expect(refusals({ idMarket: 'IT', vehicles: [{ vehicle: card('A'), price: '1' }, { vehicle: card('A'), price: '2' }] })).toEqual([['vehicles', 'twice']]);
    const form = { idMarket: 'IT' as const, vehicles: [{ vehicle: card('A'), price: '' }, { vehicle: card('B'), price: '100' }, { vehicle: card('C'), price: '0' }] };
    expect(refusals(form)).toEqual([['vehicles.0.price', 'price'], ['vehicles.2.price', 'price']]);
  });
});
