import { describe, expect, it } from 'vitest';
import type { VehicleCard } from '@auction/contracts';
import { addPicked, toShowcaseRequest, type ShowcaseForm } from './create-showcase-form.js';

const card = (idVehicle: string) => ({ idVehicle, licensePlate: `P-${idVehicle}`, brand: 'Fiat', model: 'Tipo', version: null, photos: ['b1'] }) as unknown as VehicleCard;
const empty: ShowcaseForm = { idMarket: 'IT', rows: [] };

describe('the create-showcase form (#22 item 6)', () => {
  it('adds picked vehicles once each, keeping the price of a row already there', () => {
    const one = addPicked(empty, [card('A')]);
    const priced = { ...one, rows: [{ ...one.rows[0]!, price: '9000' }] };
    expect(addPicked(priced, [card('A'), card('B')]).rows.map((r) => [r.vehicle.idVehicle, r.price])).toEqual([['A', '9000'], ['B', '']]);
  });

  it('gives the contract\'s request, prices read as typed in the market\'s format', () => {
    const form = { idMarket: 'IT' as const, rows: [{ vehicle: card('A'), price: "12'500,50" }, { vehicle: card('B'), price: '8000' }] };
    expect(toShowcaseRequest(form)).toEqual({ ok: true, request: { idMarket: 'IT', vehicles: [{ idVehicle: 'A', price: 12500.5 }, { idVehicle: 'B', price: 8000 }] } });
  });

  it('refuses a form without vehicles, and each price missing, zero or not a number beside its row', () => {
    expect(toShowcaseRequest(empty)).toEqual({ ok: false, errors: { vehicles: 'noVehicles' } });
    const form = { idMarket: 'IT' as const, rows: [{ vehicle: card('A'), price: '' }, { vehicle: card('B'), price: '100' }, { vehicle: card('C'), price: '0' }] };
    expect(toShowcaseRequest(form)).toEqual({ ok: false, errors: { 'vehicles.0.price': 'price', 'vehicles.2.price': 'price' } });
  });
});
