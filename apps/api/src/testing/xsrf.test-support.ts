/**
 * The browser's login path: `POST /api/v1/open/login` sets an http-only session cookie and the `XSRF-TOKEN` cookie;
 * secure non-GET calls with the cookie must echo the token in `X-XSRF-TOKEN`.
 */
import { expect } from '@jest/globals';
import { ApiClient, describeResult, isCleanError } from './api-client.test-support.js';
import { paths } from './auction.test-support.js';

/** Runs the cookie + XSRF checks for `username` on an auction that requires the regulation. */
export async function cookieLoginChecks(baseUrl: string, username: string, idAuction: string): Promise<void> {
  const { res, cookies, xsrf, client } = await ApiClient.loginWithCookie(baseUrl, username);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ username });
  expect(xsrf).toEqual(expect.any(String));
  const setCookies = res.headers.getSetCookie();
  const session = setCookies.filter((line) => !line.startsWith('XSRF-TOKEN='));
  expect(session.length).toBeGreaterThan(0);
  expect(session.some((line) => /;\s*httponly/i.test(line))).toBe(true);
  expect(cookies.size).toBeGreaterThanOrEqual(2);

  const profile = await client.get(paths.user);
  expect(profile.status).toBe(200);
  expect(profile.body.username).toBe(username);

  const withoutXsrf = await client.withXsrf(undefined).patch(paths.acceptRegulation(idAuction));
  expect(isCleanError(withoutXsrf, 403) ? 'clean 403' : describeResult(withoutXsrf)).toBe('clean 403');
  const wrongXsrf = await client.withXsrf(`${xsrf}x`).patch(paths.acceptRegulation(idAuction));
  expect(isCleanError(wrongXsrf, 403) ? 'clean 403' : describeResult(wrongXsrf)).toBe('clean 403');
  expect((await client.get(paths.acceptedRegulation(idAuction))).body).toEqual({ accepted: false });

  const accepted = await client.patch(paths.acceptRegulation(idAuction));
  expect(accepted.status).toBe(204);
  expect((await client.get(paths.acceptedRegulation(idAuction))).body).toEqual({ accepted: true });

  const loggedOut = await client.post('/api/v1/secure/logout');
  expect(loggedOut.status).toBe(204);
  const after = await client.get(paths.user);
  expect(isCleanError(after, 401) ? 'clean 401' : describeResult(after)).toBe('clean 401');
}
