import { z } from 'zod';
import { SelectByFileFields, type VehicleCard } from '@auction/contracts';
import type { VehicleAction } from '../vehicle-powers.js';

/** The vehicles selected in the list, by id, in the order they were selected (by hand or by a file). */
export type VehicleSelection = ReadonlyMap<string, VehicleCard>;

export const NO_SELECTION: VehicleSelection = new Map();

/** The selection with these vehicles added after the ones already in it (a vehicle in it already keeps its place). */
export function withVehicles(selection: VehicleSelection, cards: readonly VehicleCard[]): VehicleSelection {
  const next = new Map(selection);
  for (const card of cards) if (!next.has(card.idVehicle)) next.set(card.idVehicle, card);
  return next;
}

/** The selection with the vehicle taken out when it is in, put in when it is not. */
export function toggled(selection: VehicleSelection, card: VehicleCard): VehicleSelection {
  const next = new Map(selection);
  if (!next.delete(card.idVehicle)) next.set(card.idVehicle, card);
  return next;
}

/** The selection without the vehicles a change was done to (those refused stay, to be seen to). */
export function without(selection: VehicleSelection, idVehicles: readonly string[]): VehicleSelection {
  const next = new Map(selection);
  for (const id of idVehicles) next.delete(id);
  return next;
}

/** The actions (not edit: one vehicle at a time) that every selected vehicle allows, in the row's order. */
export function commonActions(cards: readonly VehicleCard[], actionsOf: (v: VehicleCard) => readonly VehicleAction[]): VehicleAction[] {
  if (cards.length === 0) return [];
  const [first, ...rest] = cards.map(actionsOf);
  return first!.filter((a) => a !== 'edit' && rest.every((actions) => actions.includes(a)));
}

/** What a change to several vehicles did: the ids done, and the first refusal's code when some were refused. */
export function outcomeOf(outcomes: readonly { idVehicle: string; ok: boolean; errorCode?: number }[]): { done: string[]; refused: number; firstError: number | null } {
  const done = outcomes.filter((o) => o.ok).map((o) => o.idVehicle);
  const failed = outcomes.filter((o) => !o.ok);
  return { done, refused: failed.length, firstError: failed[0]?.errorCode ?? null };
}

/**
 * The select-by-file form: the contract's fields (`idTemplate`: required, an id) and the file, which the call needs
 * too (spec 02 "Select-by-file: both file and idTemplate are required").
 */
export const SelectByFileFormSchema = SelectByFileFields.extend({
  idTemplate: z.string().trim().pipe(SelectByFileFields.shape.idTemplate),
  // The form holds null until a file is picked; an empty file selects nothing and is refused as missing.
  file: z.custom<File | null>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, { message: 'file' }).transform((v) => v as File),
});
export type SelectByFileFormInput = z.input<typeof SelectByFileFormSchema>;
export type SelectByFileFormOutput = z.output<typeof SelectByFileFormSchema>;
