import { describe, expect, it } from 'vitest';
import { changedFields, knownState } from './changes.js';

type State = { readonly status: 'NONE' } | { readonly status: 'ACTIVE' | 'DELETED'; readonly data: { readonly n: number } };

describe('knownState: the state a command needs to exist', () => {
  const refusals = { NONE: () => new Error('unknown'), DELETED: () => new Error('deleted') };

  it('gives back a state no refusal names', () => {
    const active: State = { status: 'ACTIVE', data: { n: 1 } };
    expect(knownState(active, refusals)).toBe(active);
  });

  it('throws the error of the refusal its status names', () => {
    expect(() => knownState<State>({ status: 'NONE' }, refusals)).toThrow('unknown');
    expect(() => knownState<State>({ status: 'DELETED', data: { n: 1 } }, refusals)).toThrow('deleted');
    expect(knownState<State>({ status: 'DELETED', data: { n: 2 } }, { NONE: refusals.NONE })).toEqual({ status: 'DELETED', data: { n: 2 } });
  });
});

describe('changedFields: only what an edit really changes', () => {
  const current = { name: 'a', note: null as string | null, codes: ['x', 'y'] as readonly string[] };

  it('keeps the fields sent with another value, leaves out the absent and the equal ones', () => {
    expect(changedFields(['name', 'note'], { name: 'b', note: null }, current)).toEqual({ name: 'b' });
    expect(changedFields(['name', 'note'], { note: 'n' }, current)).toEqual({ note: 'n' });
    const body = { name: 'b', note: 'n' };
    expect(changedFields(['name'], body, current)).toEqual({ name: 'b' });
  });

  it('is null when nothing changes: the no-op a decider answers with no event', () => {
    expect(changedFields(['name', 'note'], {}, current)).toBeNull();
    expect(changedFields(['name', 'note'], { name: 'a', note: null }, current)).toBeNull();
  });

  it('normalizes a value sent before comparing, and records it normalized', () => {
    const rules = { normalize: (v: readonly string[]) => [...v].sort(), same: (a: readonly string[], b: readonly string[]) => a.join() === b.join() };
    expect(changedFields(['codes'], { codes: ['y', 'x'] }, current, rules)).toBeNull();
    expect(changedFields(['codes'], { codes: ['z', 'x'] }, current, rules)).toEqual({ codes: ['x', 'z'] });
  });
});
