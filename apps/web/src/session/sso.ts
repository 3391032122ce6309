import { SsoLoginQuery } from '@auction/contracts';

/** The API's single sign-on entry (API.md): it sends the browser on to the issuer's sign-in page. */
export function ssoLoginUrl(redirect: string | undefined, language: string): string {
  const params = new URLSearchParams();
  // Only a path of the portal (the API's own rule): anything else would be refused, so it is left out.
  if (redirect && SsoLoginQuery.shape.redirect.safeParse(redirect).success) params.set('redirect', redirect);
  params.set('lang', language);
  return `/api/v1/open/sso/login?${params.toString()}`;
}

/** The API's end of the issuer's session (RP-initiated logout), after `POST /secure/logout`. */
export const SSO_LOGOUT_URL = '/api/v1/open/sso/logout';
