import { describe, expect, it } from '@jest/globals';
import { derivedId, newId } from './ids.js';

describe('ids', () => {
  it('newId gives 11 URL-safe characters, all different across several pool refills', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('newId spreads over the alphabet (not a counter, not a constant pool)', () => {
    const firsts = new Set(Array.from({ length: 2_000 }, () => newId()[0]));
    expect(firsts.size).toBeGreaterThan(50);
  });

  it('derivedId is stable for the same parts and differs for others', () => {
    expect(derivedId('a', 'b')).toBe(derivedId('a', 'b'));
    expect(derivedId('a', 'b')).not.toBe(derivedId('ab'));
  });

  it('no id starts with - or _ (a CSV cell starting with - reads as a formula and is escaped: the id would come out changed)', () => {
    for (let i = 0; i < 20_000; i++) expect(newId()).toMatch(/^[A-Za-z0-9]/);
    for (let i = 0; i < 5_000; i++) expect(derivedId('x', String(i))).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{10}$/);
  });
});
