import { useState } from 'react';
import type { z } from 'zod';

/** Where a search panel keeps its form in the session, what it is when nothing is kept, and how a kept one is read. */
export interface SessionSearchSpec<F extends object> {
  /** The session-storage item (spec 02 §3 session items: `dealerSearch`, `vehicleSearch`). */
  readonly key: string;
  readonly empty: F;
  /** Checks a kept form (any field may be left out); what it refuses is the empty form. */
  readonly stored: z.ZodType<Partial<F>>;
}

/** The session storage of the browser (none outside one: the search still runs, unkept). */
export function sessionStore(): Storage | undefined {
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

/** The form as kept in `storage`; anything absent or unreadable is the empty form. */
export function loadSessionSearch<F extends object>(spec: SessionSearchSpec<F>, storage: Pick<Storage, 'getItem'> | undefined): F {
  try {
    const raw = storage?.getItem(spec.key);
    if (!raw) return spec.empty;
    const parsed = spec.stored.safeParse(JSON.parse(raw));
    return parsed.success ? { ...spec.empty, ...parsed.data } : spec.empty;
  } catch {
    return spec.empty;
  }
}

/** Keeps the form in `storage`; a full or disabled storage is ignored (the search still runs). */
export function saveSessionSearch<F extends object>(spec: SessionSearchSpec<F>, storage: Pick<Storage, 'setItem'> | undefined, form: F): void {
  try { storage?.setItem(spec.key, JSON.stringify(form)); } catch { /* storage full or disabled: the search still runs */ }
}

/**
 * A search panel's form kept in session storage, so that coming back finds it as it was: starts from `initial` when
 * given (the URL's filters), else from what the session keeps; every change, a submit and a reset keep it.
 */
export function useSessionSearch<F extends object>(spec: SessionSearchSpec<F>, initial?: () => F | null) {
  const [form, setForm] = useState<F>(() => initial?.() ?? loadSessionSearch(spec, sessionStore()));
  /** The form changed: shown and kept. */
  const change = (next: F) => {
    setForm(next);
    saveSessionSearch(spec, sessionStore(), next);
  };
  return {
    form,
    change,
    /** Keeps the form as it is (on submit). */
    keep: () => saveSessionSearch(spec, sessionStore(), form),
    /** Back to the empty form, kept. */
    clear: () => change(spec.empty),
  };
}
