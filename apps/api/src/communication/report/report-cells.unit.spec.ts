import { describe, expect, test } from '@jest/globals';
import { instantText, moneyCell } from './report-cells.js';

describe('report cells', () => {
  test('amounts are exact euros with two decimals, never a float artifact', () => {
    expect(moneyCell(0.1 + 0.2, 'text')).toBe('0.30');
    expect(moneyCell(1000.1, 'text')).toBe('1000.10');
    expect(moneyCell(100_000_000, 'text')).toBe('100000000.00');
    expect(moneyCell(0.07, 'text')).toBe('0.07');
    expect(moneyCell(1.005 * 1000, 'text')).toBe('1005.00');
    expect(moneyCell(0.1 + 0.2, 'number')).toBe(0.3);
    expect(moneyCell(null, 'text')).toBeNull();
    expect(moneyCell('x', 'number')).toBeNull();
  });

  test('instants are ISO 8601 in UTC, from a Date or a text', () => {
    expect(instantText(new Date(Date.UTC(2026, 10, 25, 8, 30)))).toBe('2026-11-25T08:30:00.000Z');
    expect(instantText('2026-11-25 09:30:00+01')).toBe('2026-11-25T08:30:00.000Z');
    expect(instantText(null)).toBe('');
  });
});
