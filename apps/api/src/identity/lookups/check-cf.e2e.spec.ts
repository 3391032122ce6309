/**
 * `GET /api/v1/open/check-cf` through HTTP against the real built server (spec 01 §4, §5, §7; issue 13 item 4): true
 * for real codes computed by codice-fiscale-js with the birth date in every accepted form, false for a wrong check
 * character, month, day, women's day + 40 or name, and 400 (400001, the field named) for missing, repeated, oversized
 * or malformed parameters.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import codiceFiscaleModule from 'codice-fiscale-js';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, startServer } from '../../testing/server.test-support.js';

/** The library itself (its CommonJS bundle exports `{ CodiceFiscale }`), to compute expected codes independently of the server. */
const CodiceFiscale = (codiceFiscaleModule as unknown as { CodiceFiscale: typeof codiceFiscaleModule.default }).CodiceFiscale;
const withCheck = (body15: string) => body15 + CodiceFiscale.getCheckCode(body15);

let storage: ServerStorage | undefined;
let server: RunningServer | undefined;
let api: ApiClient;

beforeAll(async () => {
  storage = await createStorage('postgres');
  // A public call only: no demo users to create (a faster start).
  server = await startServer(storage, { DEMO_DATA: 'false' });
  api = ApiClient.anonymous(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('GET /api/v1/open/check-cf', () => {
  // A real code computed by the library: Giulia Ferrari, born 17 March 1991 in Milan (F205), a woman (day 17 + 40 = 57).
  const giulia = new CodiceFiscale({ name: 'Giulia', surname: 'Ferrari', gender: 'F', day: 17, month: 3, year: 1991, birthplace: 'Milano', birthplaceProvincia: 'MI' }).toString();
  // Mario Rossi, born 10 December 1985 (T = December).
  const mario = new CodiceFiscale({ name: 'Mario', surname: 'Rossi', gender: 'M', day: 10, month: 12, year: 1985, birthplace: 'Roma', birthplaceProvincia: 'RM' }).toString();
  const check = (params: Record<string, string>) => api.get(`/api/v1/open/check-cf?${new URLSearchParams(params).toString()}`);
  const expectAnswer = async (params: Record<string, string>, expected: boolean) => {
    const res = await check(params);
    expect(`${describeResult(res)} for ${JSON.stringify(params)}`).toBe(`200 ${expected} for ${JSON.stringify(params)}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  };

  test('the codes of the test are what the library says they are', () => {
    expect(giulia).toMatch(/^FRRGLI91C57F205.$/);
    expect(mario).toMatch(/^RSSMRA85T10H501.$/);
  });

  test('a valid code is true with the birth date in every accepted form', async () => {
    const base = { cf: giulia, name: 'Giulia', surname: 'Ferrari' };
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 17)) }, true); // "adjusted for timezone": UTC midnight
    await expectAnswer({ ...base, birthDate: '1991-03-17' }, true);
    await expectAnswer({ ...base, birthDate: '17/03/1991' }, true);
    await expectAnswer({ ...base, birthDate: '17/03/1991', gender: 'F' }, true);
    await expectAnswer({ cf: giulia.toLowerCase(), name: 'GIULIA', surname: 'ferrari', birthDate: '17/03/1991' }, true);
    await expectAnswer({ cf: mario, name: 'Mario', surname: 'Rossi', birthDate: String(Date.UTC(1985, 11, 10)) }, true);
    await expectAnswer({ cf: `${mario.slice(0, 6)} ${mario.slice(6)}`, name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985', gender: 'M' }, true);
  });

  test('an epoch birth date is the UTC calendar date of the adjusted value, at any time of day (as the sign-up reads it)', async () => {
    const base = { cf: giulia, name: 'Giulia', surname: 'Ferrari' };
    // Adjusted 23:30 and noon local on the 17th: still the 17th (a nearest-midnight reading made them the 18th).
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 17, 23, 30)) }, true);
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 17, 12)) }, true);
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 17, 23, 59, 59, 999)) }, true);
    // 23:00Z on the 16th is the 16th for the sign-up (parseBirthDate): check-cf must not call it the 17th.
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 16, 23)) }, false);
    await expectAnswer({ ...base, birthDate: String(Date.UTC(1991, 2, 18)) }, false);
  });

  test('omocodia: digits replaced by L M N P Q R S T U V (check character recomputed) are the same person', async () => {
    const person = { name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' };
    const omocodic = (positions: number[], letters = 'LMNPQRSTUV') => {
      const chars = mario.slice(0, 15).split('');
      for (const p of positions) chars[p] = letters[Number(chars[p])]!;
      return withCheck(chars.join(''));
    };
    await expectAnswer({ ...person, cf: omocodic([14]) }, true);
    await expectAnswer({ ...person, cf: omocodic([14, 13, 12]) }, true);
    await expectAnswer({ ...person, cf: omocodic([6, 7, 9, 10, 12, 13, 14]) }, true); // every digit, the day too
    await expectAnswer({ ...person, cf: omocodic([14]).slice(0, 15) + (omocodic([14])[15] === 'A' ? 'B' : 'A') }, false);
    // O is no substitute (the table skips it): a code with O in a digit place is malformed.
    await expectAnswer({ ...person, cf: omocodic([14], 'OOOOOOOOOO') }, false);
  });

  test('false for a wrong check character, month, day, gender day or name', async () => {
    const person = { name: 'Giulia', surname: 'Ferrari', birthDate: '17/03/1991' };
    const wrongCheck = giulia.slice(0, 15) + (giulia[15] === 'A' ? 'B' : 'A');
    await expectAnswer({ ...person, cf: wrongCheck }, false);
    // The same code with April (D) instead of March (C), check character recomputed: only the month disagrees.
    await expectAnswer({ ...person, cf: withCheck(`${giulia.slice(0, 8)}D${giulia.slice(9, 15)}`) }, false);
    // A month letter that is no month (F), check character recomputed.
    await expectAnswer({ ...person, cf: withCheck(`${giulia.slice(0, 8)}F${giulia.slice(9, 15)}`) }, false);
    // Day 58 (the 18th) instead of 57: only the day disagrees.
    await expectAnswer({ ...person, cf: withCheck(`${giulia.slice(0, 9)}58${giulia.slice(11, 15)}`) }, false);
    // Day 17 without the +40 of women: a man's code for her date; with gender F it must fail, without gender it is a man born that day.
    const asMan = withCheck(`${giulia.slice(0, 9)}17${giulia.slice(11, 15)}`);
    await expectAnswer({ ...person, cf: asMan, gender: 'F' }, false);
    await expectAnswer({ ...person, cf: asMan }, true);
    await expectAnswer({ ...person, cf: giulia, gender: 'M' }, false);
    // Day 41 for a woman born the 17th: the +40 is there but the day is not hers.
    await expectAnswer({ ...person, cf: withCheck(`${giulia.slice(0, 9)}41${giulia.slice(11, 15)}`) }, false);
    await expectAnswer({ ...person, surname: 'Forte', cf: giulia }, false);
    await expectAnswer({ ...person, surname: 'Bianchi', cf: giulia }, false);
    await expectAnswer({ ...person, name: 'Anna', cf: giulia }, false);
    await expectAnswer({ ...person, birthDate: '17/03/1992', cf: giulia }, false);
    await expectAnswer({ ...person, birthDate: String(Date.UTC(1991, 2, 18)), cf: giulia }, false);
    await expectAnswer({ ...person, cf: 'NOTACODE' }, false);
    await expectAnswer({ ...person, cf: 'ＦＲＲＧＬＩ91C57F205X' }, false); // full-width letters are not a code
  });

  test.each([
    ['cf missing', { name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' }, 'cf'],
    ['name missing', { cf: 'RSSMRA85T10H501S', surname: 'Rossi', birthDate: '10/12/1985' }, 'name'],
    ['surname missing', { cf: 'RSSMRA85T10H501S', name: 'Mario', birthDate: '10/12/1985' }, 'surname'],
    ['birthDate missing', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'Rossi' }, 'birthDate'],
    ['cf empty', { cf: '', name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' }, 'cf'],
    ['cf too long', { cf: 'R'.repeat(51), name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' }, 'cf'],
    ['name too long', { cf: 'RSSMRA85T10H501S', name: 'M'.repeat(81), surname: 'Rossi', birthDate: '10/12/1985' }, 'name'],
    ['surname huge', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'R'.repeat(6000), birthDate: '10/12/1985' }, 'surname'],
    ['birthDate not a date', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'Rossi', birthDate: 'yesterday' }, 'birthDate'],
    ['birthDate that does not exist', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'Rossi', birthDate: '31/02/1985' }, 'birthDate'],
    ['birthDate out of range', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'Rossi', birthDate: '99999999999999' }, 'birthDate'],
    ['a bad gender', { cf: 'RSSMRA85T10H501S', name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985', gender: 'X' }, 'gender'],
    ['NUL in the name', { cf: 'RSSMRA85T10H501S', name: 'Ma\u0000rio', surname: 'Rossi', birthDate: '10/12/1985' }, 'name'],
  ])('%s: 400 with errorCode 400001 naming the field', async (_name, params, field) => {
    const res = await check(params as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(400001);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test('a repeated parameter is refused, not guessed', async () => {
    const res = await api.get(`/api/v1/open/check-cf?cf=${mario}&cf=${giulia}&name=Mario&surname=Rossi&birthDate=10/12/1985`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(400001);
  });
});
