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
