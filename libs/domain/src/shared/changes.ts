/**
 * The two steps every back-office edit of a small aggregate (a template, a seller, a top banner) takes: the thing must
 * exist ({@link knownState}), and only the fields that really change are recorded, nothing at all when none does
 * ({@link changedFields}, the no-op check), so a repeated save writes no event.
 */

/**
 * The state of a stream that must exist for a command: `state` itself unless its status is one `refusals` names, then
 * the error that refusal makes is thrown (e.g. `NONE` → not found, `DELETED` → gone or in conflict).
 */
export function knownState<S extends { readonly status: string }>(
  state: S, refusals: { readonly [K in S['status']]?: () => Error },
): Exclude<S, { readonly status: 'NONE' }> {
  const refuse = refusals[state.status as S['status']];
  if (refuse) throw refuse();
  return state as Exclude<S, { readonly status: 'NONE' }>;
}

/** How {@link changedFields} compares: `normalize` a value sent (e.g. sort a set of codes), then ask `same` of it and the current one. */
export interface ChangeRules<V> {
  readonly normalize?: (value: V) => V;
  readonly same?: (next: V, current: V) => boolean;
}

/**
 * The fields among `keys` that `next` sends (not undefined) with a value other than `current`'s, normalized; null when
 * none does (the command changes nothing: the decider writes no event). By default values compare with `===`.
 */
export function changedFields<T, K extends keyof T>(
  keys: readonly K[], next: { readonly [P in K]?: T[P] }, current: T, rules: ChangeRules<T[K]> = {},
): Partial<Pick<T, K>> | null {
  const { normalize = (value: T[K]) => value, same = (a: T[K], b: T[K]) => a === b } = rules;
  const changed: Partial<Pick<T, K>> = {};
  let any = false;
  for (const key of keys) {
    const sent = next[key];
    if (sent === undefined) continue;
    const value = normalize(sent as T[K]);
    if (same(value, current[key])) continue;
    changed[key] = value;
    any = true;
  }
  return any ? changed : null;
}
