/** The desired topic set of the live connection (pure, order-preserving, no duplicates). */

/** `topics` plus `added`, without duplicates, in first-seen order. */
export function addTopics(topics: readonly string[], added: readonly string[]): string[] {
  const out = [...topics];
  for (const t of added) if (!out.includes(t)) out.push(t);
  return out;
}

/** `topics` without `removed`. */
export function removeTopics(topics: readonly string[], removed: readonly string[]): string[] {
  return topics.filter((t) => !removed.includes(t));
}
