import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import codiceFiscaleModule from 'codice-fiscale-js';
import { checkFiscalCodeShape, checkItalianFiscalCode, FISCAL_CODE_MONTH_LETTERS, matchesItalianFiscalCodePattern, normalizeFiscalCode } from './fiscal-code.js';

/** The library itself (its CommonJS bundle exports `{ CodiceFiscale }`), used here to compute expected codes independently. */
const CodiceFiscale = (codiceFiscaleModule as unknown as { CodiceFiscale: typeof codiceFiscaleModule.default }).CodiceFiscale;

/** A code with `body` (15 characters) and the check character the library computes for it. */
const withCheck = (body: string): string => body + CodiceFiscale.getCheckCode(body);

describe('known codes, verified by hand and with the library', () => {
  // RSSMRA80A01H501U: Mario Rossi, 01/01/1980, Roma (H501). Check character by hand: odd positions
  // R8 S12 R8 8→19 A1 1→0 5→13 1→0 = 61, even positions S18 M12 A0 0 0 H7 0 = 37, 98 mod 26 = 20 → U.
  test('RSSMRA80A01H501U is Mario Rossi, born 01/01/1980', () => {
    expect(CodiceFiscale.check('RSSMRA80A01H501U')).toBe(true);
    expect(checkItalianFiscalCode({ cf: 'RSSMRA80A01H501U', name: 'Mario', surname: 'Rossi', birthDate: '01/01/1980', gender: 'M' })).toEqual({ valid: true, gender: 'M' });
  });
  // BNCLRA90A41H501F: Laura Bianchi, 01/01/1990 (day 01 + 40 = 41), Roma. By hand: odd B0 C5 R8 9→21 A1 1→0 5→13 1→0 = 48,
  // even N13 L11 A0 0 4 H7 0 = 35, 83 mod 26 = 5 → F.
  test('BNCLRA90A41H501F is Laura Bianchi, born 01/01/1990: a woman, day + 40', () => {
    expect(checkItalianFiscalCode({ cf: 'BNCLRA90A41H501F', name: 'Laura', surname: 'Bianchi', birthDate: '01/01/1990' })).toEqual({ valid: true, gender: 'F' });
    expect(checkItalianFiscalCode({ cf: 'BNCLRA90A41H501F', name: 'Laura', surname: 'Bianchi', birthDate: '01/01/1990', gender: 'F' }).valid).toBe(true);
  });
  // The brief's example: a valid code whose birthplace A562 is San Giuliano Terme (PI), not Sant'Anastasia.
  test('RSSMRA85T10A562S is Mario Rossi, born 10/12/1985 (T = December)', () => {
    expect(checkItalianFiscalCode({ cf: 'RSSMRA85T10A562S', name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' }).valid).toBe(true);
  });
});

describe('codes computed with the library', () => {
  test('property: any person\'s computed code passes with their data and the right gender', () => {
    const person = fc.record({
      name: fc.constantFrom('Mario', 'Anna', 'Giuseppe', 'Zoë', 'Niccolò', 'Ugo', 'Maria Grazia', 'Bo'),
      surname: fc.constantFrom('Rossi', 'De Luca', "D'Angelo", 'Fo', 'Esposito', 'Bianchi'),
      gender: fc.constantFrom('M' as const, 'F' as const),
      date: fc.date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2005-12-31T00:00:00Z'), noInvalidDate: true }),
    });
    fc.assert(fc.property(person, ({ name, surname, gender, date }) => {
      const [day, month, year] = [date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear()];
      const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '');
      const cf = withCheck(CodiceFiscale.surnameCode(plain(surname)) + CodiceFiscale.nameCode(plain(name)) + CodiceFiscale.dateCode(day, month, year, gender) + 'F205');
      expect(checkItalianFiscalCode({ cf, name, surname, birthDate: { year, month, day }, gender })).toEqual({ valid: true, gender });
    }));
  });

  test('full codes computed by the library from a person and a birthplace', () => {
    const compute = (person: object): string => CodiceFiscale.compute(person);
    const giulia = { name: 'Giulia', surname: 'Esposito', gender: 'F', day: 29, month: 2, year: 1996, birthplace: 'Napoli', birthplaceProvincia: 'NA' };
    const cf = compute(giulia);
    expect(cf).toMatch(/^SPSGLI96B69F839.$/);
    expect(checkItalianFiscalCode({ cf, name: 'Giulia', surname: 'Esposito', birthDate: '29/02/1996', gender: 'F' })).toEqual({ valid: true, gender: 'F' });
    const luca = compute({ name: 'Luca', surname: 'Ferrari', gender: 'M', day: 5, month: 7, year: 2001, birthplace: 'Torino', birthplaceProvincia: 'TO' });
    expect(checkItalianFiscalCode({ cf: luca, name: 'Luca', surname: 'Ferrari', birthDate: '05/07/2001' })).toEqual({ valid: true, gender: 'M' });
    // The code holds the year's last two digits only: the century cannot be checked.
    expect(checkItalianFiscalCode({ cf: luca, name: 'Luca', surname: 'Ferrari', birthDate: '05/07/1901' }).valid).toBe(true);
    expect(checkItalianFiscalCode({ cf: luca, name: 'Luca', surname: 'Ferrari', birthDate: '05/07/2002' })).toEqual({ valid: false, reason: 'birthDate' });
  });

  test('omocodia variants (digits replaced by letters) pass', () => {
    const variants = CodiceFiscale.getOmocodie('RSSMRA85T10A562S');
    expect(variants.length).toBe(127);
    for (const cf of variants) expect(checkItalianFiscalCode({ cf, name: 'Mario', surname: 'Rossi', birthDate: '1985-12-10' }).valid).toBe(true);
  });
});

describe('refusals, with the reason', () => {
  const mario = { name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' } as const;
  test('wrong check character', () => {
    expect(checkItalianFiscalCode({ ...mario, cf: 'RSSMRA85T10A562T' })).toEqual({ valid: false, reason: 'checkCharacter' });
  });
  test('a month letter that is no month (F, G, I, ...), even with a right check character', () => {
    for (const letter of 'FGIJKNOQUVWXYZ') {
      expect(FISCAL_CODE_MONTH_LETTERS.includes(letter)).toBe(false);
      expect(checkItalianFiscalCode({ ...mario, cf: withCheck(`RSSMRA85${letter}10A562`) })).toEqual({ valid: false, reason: 'month' });
    }
  });
  test('a day that is neither 1-31 nor 41-71', () => {
    for (const day of ['00', '32', '40', '72', '99']) expect(checkFiscalCodeShape(withCheck(`RSSMRA85T${day}A562`))).toEqual({ valid: false, reason: 'day' });
  });
  test('female day + 40: a woman\'s code is refused as a man\'s and for the wrong day', () => {
    const laura = { cf: 'BNCLRA90A41H501F', name: 'Laura', surname: 'Bianchi' };
    expect(checkItalianFiscalCode({ ...laura, birthDate: '01/01/1990', gender: 'M' })).toEqual({ valid: false, reason: 'gender' });
    expect(checkItalianFiscalCode({ ...laura, birthDate: '02/01/1990' })).toEqual({ valid: false, reason: 'birthDate' });
    expect(checkItalianFiscalCode({ ...laura, birthDate: '01/01/1990' }).valid).toBe(true);
  });
  test('name or surname of someone else', () => {
    expect(checkItalianFiscalCode({ ...mario, name: 'Luigi', cf: 'RSSMRA85T10A562S' })).toEqual({ valid: false, reason: 'name' });
    expect(checkItalianFiscalCode({ ...mario, surname: 'Verdi', cf: 'RSSMRA85T10A562S' })).toEqual({ valid: false, reason: 'surname' });
  });
  test('another birth date: day, month or year', () => {
    for (const birthDate of ['11/12/1985', '10/11/1985', '10/12/1986', '10/12/1885']) {
      expect(checkItalianFiscalCode({ ...mario, birthDate, cf: 'RSSMRA85T10A562S' })).toEqual({ valid: false, reason: 'birthDate' });
    }
  });
  test('malformed codes and input never throw', () => {
    for (const cf of ['', 'RSSMRA85T10A562', 'RSSMRA85T10A562SS', '123MRA85T10A562S', 'RSSMRA8XT10A562S']) expect(checkItalianFiscalCode({ ...mario, cf })).toEqual({ valid: false, reason: 'format' });
    expect(checkItalianFiscalCode({ ...mario, cf: 42 as unknown as string })).toEqual({ valid: false, reason: 'format' });
    expect(checkItalianFiscalCode({ ...mario, cf: 'RSSMRA85T10A562S', birthDate: 'not a date' })).toEqual({ valid: false, reason: 'birthDate' });
  });
  test('blanks and lower case are how a code is typed, not part of it', () => {
    expect(checkItalianFiscalCode({ ...mario, cf: ' rssmra 85t10 a562s ' }).valid).toBe(true);
  });
  test('the birth date in each accepted form (DD/MM/YYYY, ISO, epoch ms)', () => {
    for (const birthDate of ['10/12/1985', '1985-12-10', Date.UTC(1985, 11, 10), String(Date.UTC(1985, 11, 10))]) {
      expect(checkItalianFiscalCode({ ...mario, birthDate, cf: 'RSSMRA85T10A562S' }).valid).toBe(true);
    }
  });
});

describe('lookalike characters and non-string input (attack review R1, R2)', () => {
  const mario = { name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' } as const;
  // ſ (U+017F) and ı (U+0131) upper-case to S and I; NBSP, U+3000 and a tab are blanks \s would strip.
  const lookalikes = ['RSſMRA85T10A562S', 'RSSMRA85T10A562ſ', 'rsſmra85t10a562s', 'RSSMRA\u00A085T10A562S', 'RSSMRA85T10\u3000A562S', 'RSSMRA85T10A562S\u00A0', 'RSSMRA\t85T10A562S'];
  test.each(lookalikes)('%j is refused as format, never upper-cased into a valid code', (cf) => {
    expect(checkFiscalCodeShape(cf)).toEqual({ valid: false, reason: 'format' });
    expect(checkItalianFiscalCode({ ...mario, cf })).toEqual({ valid: false, reason: 'format' });
    expect(matchesItalianFiscalCodePattern(cf)).toBe(false);
  });
  test('the canonical form upper-cases ASCII letters and drops ASCII spaces only', () => {
    expect(normalizeFiscalCode(' rssmra 85t10 a562s ')).toBe('RSSMRA85T10A562S');
    expect(normalizeFiscalCode('rsſmra')).toBe('RSſMRA');
    expect(normalizeFiscalCode('ıt\u00A0x')).toBe('ıT\u00A0X');
  });
  test('the form pattern: either case, no blank inside', () => {
    expect(matchesItalianFiscalCodePattern('rssmra85t10a562s')).toBe(true);
    expect(matchesItalianFiscalCodePattern('RSSMRA 85T10A562S')).toBe(false);
  });
  test('non-string codes and input answer format instead of throwing', () => {
    for (const cf of [12345, null, undefined, {}, ['RSSMRA85T10A562S']]) expect(checkFiscalCodeShape(cf)).toEqual({ valid: false, reason: 'format' });
    for (const input of [null, undefined, 'RSSMRA85T10A562S', 42]) expect(checkItalianFiscalCode(input as never)).toEqual({ valid: false, reason: 'format' });
  });
  test('a birth date object that is no calendar date is birthDate; an unknown gender is ignored', () => {
    for (const birthDate of [{ year: 1985, month: 13, day: 10 }, { year: 1985, month: 2, day: 30 }, {}, []]) {
      expect(checkItalianFiscalCode({ ...mario, cf: 'RSSMRA85T10A562S', birthDate: birthDate as never })).toEqual({ valid: false, reason: 'birthDate' });
    }
    expect(checkItalianFiscalCode({ ...mario, cf: 'RSSMRA85T10A562S', birthDate: { year: 1985, month: 12, day: 10 } })).toEqual({ valid: true, gender: 'M' });
    expect(checkItalianFiscalCode({ ...mario, cf: 'RSSMRA85T10A562S', gender: 'X' as never })).toEqual({ valid: true, gender: 'M' });
  });
});
