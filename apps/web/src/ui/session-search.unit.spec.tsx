// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSessionSearch, type SessionSearchSpec } from './session-search.js';

afterEach(() => { cleanup(); sessionStorage.clear(); });

type Form = { readonly name: string; readonly code: string };
const SPEC: SessionSearchSpec<Form> = { key: 'testSearch', empty: { name: '', code: '' }, stored: z.object({ name: z.string(), code: z.string().regex(/^\d*$/) }).partial() };

function Panel({ initial }: { readonly initial?: Form }) {
  const { form, change, keep, clear } = useSessionSearch(SPEC, initial ? () => initial : undefined);
  return (
    <form onSubmit={(e) => { e.preventDefault(); keep(); }}>
      <input aria-label="name" value={form.name} onChange={(e) => change({ ...form, name: e.target.value })} />
      <output aria-label="code">{form.code}</output>
      <button type="button" onClick={clear}>clear</button>
    </form>
  );
}

describe('useSessionSearch: a search panel kept in the session', () => {
  it('keeps each change, so the panel opens again as it was left', () => {
    render(<Panel />);
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Demo' } });
    expect(JSON.parse(sessionStorage.getItem('testSearch')!)).toEqual({ name: 'Demo', code: '' });
    cleanup();
    render(<Panel />);
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('Demo');
  });

  it('starts from the initial form when given (the URL\'s), and a clear empties what is kept', () => {
    sessionStorage.setItem('testSearch', JSON.stringify({ name: 'Kept', code: '1' }));
    render(<Panel initial={{ name: 'From URL', code: '2' }} />);
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('From URL');
    fireEvent.click(screen.getByText('clear'));
    expect(JSON.parse(sessionStorage.getItem('testSearch')!)).toEqual(SPEC.empty);
  });

  it('reads a kept form its rules refuse, or broken JSON, as the empty form', () => {
    sessionStorage.setItem('testSearch', JSON.stringify({ name: 'x', code: 'letters' }));
    render(<Panel />);
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('');
    cleanup();
    sessionStorage.setItem('testSearch', '{broken');
    render(<Panel />);
    expect(screen.getByLabelText('code').textContent).toBe('');
  });
});
