import { describe, expect, test } from 'vitest';
import { formatIsoDate, parseBirthDate } from './birth-date.js';

describe('parseBirthDate', () => {
  const dec10 = { year: 1985, month: 12, day: 10 };
  test.each([
    ['10/12/1985', dec10], ['1985-12-10', dec10], ['1985-12-10T00:00:00.000Z', dec10], [Date.UTC(1985, 11, 10), dec10],
    [String(Date.UTC(1985, 11, 10)), dec10], ['29/02/2000', { year: 2000, month: 2, day: 29 }], [' 1/2/1990 ', { year: 1990, month: 2, day: 1 }],
  ] as const)('%j is a date', (value, expected) => {
    expect(parseBirthDate(value)).toEqual(expected);
  });
  test.each(['31/02/1985', '29/02/1900', '00/01/1990', '10/13/1985', '1985-02-30', '12/10/85', 'yesterday', '', '01/01/1899', '01/01/2100', Number.NaN, null, {}, true])(
    '%j is not',
    (value) => {
      expect(parseBirthDate(value)).toBeNull();
    },
  );
  test('formatIsoDate', () => expect(formatIsoDate({ year: 1985, month: 2, day: 3 })).toBe('1985-02-03'));
});
