import { describe, expect, test } from 'vitest';
import { checkIban } from './iban.js';

describe('checkIban (ibantools)', () => {
  test.each([
    ['IT60X0542811101000000123456', 'IT'],
    ['DE89370400440532013000', 'DE'],
    ['BE68539007547034', 'BE'],
    ['it60 x054 2811 1010 0000 0123 456', 'IT'],
    ['DE89 3704 0044 0532 0130 00', 'DE'],
  ])('%j is valid (%s)', (value, country) => {
    const result = checkIban(value);
    expect(result).toMatchObject({ valid: true, country });
    if (result.valid) expect(result.iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]+$/);
  });

  test('the electronic and printed forms', () => {
    expect(checkIban('it60 x054 2811 1010 0000 0123 456')).toEqual({ valid: true, iban: 'IT60X0542811101000000123456', friendly: 'IT60 X054 2811 1010 0000 0123 456', country: 'IT' });
  });

  test.each([
    ['DE89370400440532013001', 'checksum'],
    ['IT61X0542811101000000123456', 'checksum'],
    ['BE68539007547035', 'checksum'],
    ['DE8937040044053201300', 'format'],
    ['XX89370400440532013000', 'country'],
    ['not an iban', 'format'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('%j is refused: %s', (value, reason) => {
    expect(checkIban(value)).toEqual({ valid: false, reason });
  });

  test('a non-string never throws', () => {
    expect(checkIban(42 as unknown as string)).toEqual({ valid: false, reason: 'empty' });
  });
});
