/**
 * A guesser who drops each login call mid-request (the connection closed while the password is checked) must get no
 * more guesses from one address than LOGIN_ADDRESS_MAX_FAILURES (30), as one who waits for the answers. Through the
 * built server on PostgreSQL (TRUST_PROXY=true: each burst picks its address with X-Forwarded-For). Before the fix, an
 * abandoned login left the logins in flight before its failure was stored, and a waiting login that read the failures
 * meanwhile was admitted one too many: 31 to 33 failures were stored for nearly every burst.
 */
import { describe, expect, it } from '@jest/globals';
import { ApiClient, DEMO_PASSWORD, describeResult, sleep } from '../testing/server.test-support.js';
import { abandonedLogin, serverWithDatabase } from './login-limits.test-support.js';

const TOKEN_LOGIN = '/api/v1/mobile/token';
const ADDRESS_MAX_FAILURES = 30; // LOGIN_ADDRESS_MAX_FAILURES default
const BURST = 100;

const running = serverWithDatabase({ TRUST_PROXY: 'true' });

const login = (username: string, password: string, from: string) =>
  ApiClient.anonymous(running.server.baseUrl).post(TOKEN_LOGIN, { body: { username, password }, headers: { 'x-forwarded-for': from } });

describe('wrong logins abandoned by the client mid-request (one address)', () => {
  it('check no more than LOGIN_ADDRESS_MAX_FAILURES passwords: exactly that many failures are stored, then the address is refused', async () => {
    const addresses = ['198.51.100.71', '198.51.100.72', '198.51.100.73'];
    const results: { from: string; burst: number; stored: number; rightPassword: number }[] = [];
    for (const from of addresses) {
      // A burst of wrong logins, each dropped 5 to 305 ms after it is sent (some while waiting for a turn, some while
      // their password is checked).
      await Promise.all(Array.from({ length: BURST }, (_, i) => abandonedLogin(running.server.port, i, from, 5 + ((i * 37) % 300))));
      await sleep(300); // the abandoned logins still being settled have stored their failure
      const burst = await running.storedFailures(from);
      // What the burst left of the allowance is used up by calls that wait for their answer; then the address is refused.
      let answer = await login('late0', 'wrong', from);
      for (let i = 1; answer.status === 401 && i <= ADDRESS_MAX_FAILURES; i++) answer = await login(`late${i}`, 'wrong', from);
      expect([from, describeResult(answer)]).toEqual([from, expect.stringMatching(/^429 /)]);
      results.push({ from, burst, stored: await running.storedFailures(from), rightPassword: (await login('dealer21', DEMO_PASSWORD, from)).status });
    }
    console.log(`abandoned-login bursts (${BURST} an address): ${JSON.stringify(results)}`);
    expect(results).toEqual(results.map(({ from, burst }) => ({ from, burst, stored: ADDRESS_MAX_FAILURES, rightPassword: 429 })));
  }, 40_000);
});
