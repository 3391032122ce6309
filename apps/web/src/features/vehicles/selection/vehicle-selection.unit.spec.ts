import { describe, expect, it } from 'vitest';
import type { VehicleCard } from '@auction/contracts';
import type { VehicleAction } from '../vehicle-powers.js';
import { NO_SELECTION, SelectByFileFormSchema, commonActions, outcomeOf, toggled, withVehicles, without } from './vehicle-selection.js';

const card = (idVehicle: string, published = false) => ({ idVehicle, licensePlate: `P${idVehicle}`, published }) as VehicleCard;

describe('the vehicle list selection', () => {
  it('adds a file\'s vehicles after those selected, each once, keeping their order', () => {
    const s = withVehicles(withVehicles(NO_SELECTION, [card('b'), card('a')]), [card('c'), card('b')]);
    expect([...s.keys()]).toEqual(['b', 'a', 'c']);
  });

  it('toggles a vehicle in and out, and drops the ones a change was done to', () => {
    const s = toggled(toggled(NO_SELECTION, card('a')), card('b'));
    expect([...toggled(s, card('a')).keys()]).toEqual(['b']);
    expect([...without(s, ['b', 'z']).keys()]).toEqual(['a']);
  });

  it('offers the changes every selected vehicle allows, never edit', () => {
    const actions: Record<string, VehicleAction[]> = { a: ['edit', 'publish', 'sendToSup'], b: ['sendToSup', 'publish'], c: ['unpublish', 'sendToSup'] };
    const of = (v: VehicleCard) => actions[v.idVehicle]!;
    expect(commonActions([card('a'), card('b')], of)).toEqual(['publish', 'sendToSup']);
    expect(commonActions([card('a'), card('b'), card('c')], of)).toEqual(['sendToSup']);
    expect(commonActions([], of)).toEqual([]);
  });

  it('tells what a change to several did: the ids done, how many refused and the first refusal\'s code', () => {
    expect(outcomeOf([{ idVehicle: 'a', ok: true }, { idVehicle: 'b', ok: false, errorCode: 409201 }, { idVehicle: 'c', ok: false, errorCode: 403200 }]))
      .toEqual({ done: ['a'], refused: 2, firstError: 409201 });
  });

  it('requires the file and a template id (the contract\'s), trimmed', () => {
    const file = new File(['licensePlate\nAB123CD\n'], 'plates.csv');
    expect(SelectByFileFormSchema.safeParse({ idTemplate: ' T-1 ', file }).data).toEqual({ idTemplate: 'T-1', file });
    const paths = (v: unknown) => [...new Set(SelectByFileFormSchema.safeParse(v).error?.issues.map((i) => i.path[0]))];
    expect(paths({ idTemplate: '', file: null })).toEqual(['idTemplate', 'file']);
    expect(paths({ idTemplate: 'a b', file: new File([], 'empty.csv') })).toEqual(['idTemplate', 'file']);
  });
});
