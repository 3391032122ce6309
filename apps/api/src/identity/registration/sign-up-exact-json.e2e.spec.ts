/**
 * Attack review of issue 21 item 14 through HTTP against the real built server: the dealer registration's JSON
 * (`dealerFullDTO`, a part of a multipart body, so not read by the JSON body parser) is read exactly as written too.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import { createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { filesFor, registrationFor, signUp } from './registration.test-support.js';

describe('sign-up: dealerFullDTO read exactly as written (PostgreSQL)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a key twice in dealerFullDTO (also spelled with an escape) is 400030, never last-wins; the clean text is taken', async () => {
    const dto = registrationFor('ES');
    const text = JSON.stringify(dto);
    // The first e-mail is the one a reader of the text sees; JSON.parse keeps the last.
    for (const twice of [`{"email":"first@example.com",${text.slice(1)}`, `{"em\\u0061il":"first@example.com",${text.slice(1)}`]) {
      const res = await signUp(server!.baseUrl, twice, filesFor('ES'));
      expect({ status: res.status, code: res.body?.errorCode, field: res.body?.details?.[0]?.field }).toEqual({ status: 400, code: API_ERROR_CODES.JSON_DUPLICATE_KEY, field: 'dealerFullDTO.email' });
    }
    const ok = await signUp(server!.baseUrl, text, filesFor('ES'));
    expect(ok.status).toBe(201);
  }, 120_000);
});
