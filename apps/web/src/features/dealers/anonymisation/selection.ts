/** Toggles one id in a selection (a new set: React state stays immutable). */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection kept to the ids still listed (after a reload the erased ones are gone and must not be sent again). */
export function keepListed(selected: ReadonlySet<string>, listed: readonly string[]): Set<string> {
  const ids = new Set(listed);
  return new Set([...selected].filter((id) => ids.has(id)));
}

/** What a run over a selection did: the ids erased, the one refused (the run stops there), those not tried. */
export interface AnonymiseRun {
  readonly done: readonly string[];
  readonly failed: string | null;
  readonly notTried: readonly string[];
}

/**
 * Anonymises `ids` one after the other and stops at the first refusal: erasure cannot be undone, so after an
 * unexpected answer (a user reinstated meanwhile, a lost session, a market no longer mine) nothing more is erased
 * blindly; the refused and untried ones stay selected for the administrator to look at again.
 */
export async function anonymiseInTurn(ids: readonly string[], anonymise: (idUser: string) => Promise<unknown>): Promise<AnonymiseRun> {
  const done: string[] = [];
  for (const [i, idUser] of ids.entries()) {
    const ok = await anonymise(idUser).then(() => true, () => false);
    if (!ok) return { done, failed: idUser, notTried: ids.slice(i + 1) };
    done.push(idUser);
  }
  return { done, failed: null, notTried: [] };
}
