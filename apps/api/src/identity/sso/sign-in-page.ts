import { LANGUAGES, isLanguage, resourceLanguageOf, resources, type Language } from '@auction/i18n';
import { escapeHtml } from '@auction/mail';

type LoginTexts = (typeof resources)['en']['login'];

/** What a page of the embedded issuer shows an error about. */
export type SignInProblem = 'wrongCredentials' | 'tooMany' | 'accountDisabled' | null;

const escape = escapeHtml;

/**
 * The language of a page of the issuer: `?lang=` (its language links), else the relying party's `ui_locales`, else the
 * browser's `Accept-Language`, else Italian (the spec's default locale).
 */
export function pageLanguage(query: unknown, uiLocales: unknown, acceptLanguage: string | undefined): Language {
  const explicit = (query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(explicit)) return explicit;
  const wanted = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  ];
  for (const tag of wanted) {
    const code = tag.toLowerCase().split('-')[0]!;
    if (isLanguage(code)) return code;
  }
  return 'it';
}

function texts(language: Language): LoginTexts {
  return resources[resourceLanguageOf(language)].login as LoginTexts;
}

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/oidc/assets/sso.css">
</head>
<body>
<main class="sso">${body}</main>
</body>
</html>`;
}

/** Links to the same page in every language of the portal (the current one marked). */
function languageLinks(language: Language, path: string): string {
  const links = LANGUAGES.map((l) => l === language
    ? `<li><a href="${escape(`${path}?lang=${l}`)}" aria-current="true" lang="${l}">${l.toUpperCase()}</a></li>`
    : `<li><a href="${escape(`${path}?lang=${l}`)}" lang="${l}" hreflang="${l}">${l.toUpperCase()}</a></li>`).join('');
  return `<nav aria-label="Language"><ul class="languages">${links}</ul></nav>`;
}

/**
 * The sign-in page of the embedded issuer: the spec's "external single sign-on page". A plain HTML form (it works
 * without JavaScript), labelled fields, the error announced (`role="alert"`) and linked to the fields, links to
 * password recovery and dealer sign-up, every text in the page's language.
 */
export function signInPage(options: { language: Language; uid: string; username?: string; problem: SignInProblem }): string {
  const t = texts(options.language);
  const path = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  const error = options.problem ? `<p class="error" role="alert" id="sso-error" data-testid="login-error">${escape(t[options.problem])}</p>` : '';
  const described = options.problem ? ' aria-describedby="sso-error" aria-invalid="true"' : '';
  // After a wrong password the name is kept: the password is what to type again.
  const refocus = options.problem === 'wrongCredentials' && Boolean(options.username);
  const body = `
${languageLinks(options.language, path)}
<form class="card" method="post" action="${escape(`${path}/login`)}" novalidate>
<p class="brand">${escape(t.ssoTitle)}</p>
<h1>${escape(t.title)}</h1>
<p class="muted">${escape(t.subtitle)}</p>
${error}
<input type="hidden" name="lang" value="${options.language}">
<label for="username">${escape(t.username)}</label>
<input id="username" name="username" autocomplete="username" required${refocus ? '' : ' autofocus'} maxlength="150" value="${escape(options.username ?? '')}" data-testid="login-username"${described}>
<label for="password">${escape(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${refocus ? ' autofocus' : ''} maxlength="200" data-testid="login-password"${described}>
<button type="submit" data-testid="login-submit">${escape(t.submit)}</button>
<p class="links"><a href="/password-recovery" data-testid="sso-forgot-password">${escape(t.forgotPassword)}</a></p>
<p class="links"><a href="/registration" data-testid="sso-sign-up">${escape(t.signUp)}</a></p>
</form>`;
  return layout(options.language, `${t.title} · ${t.ssoTitle}`, body);
}

/** A page of the issuer that only explains and links back: an expired or unknown sign-in, too many sign-ins started. */
export function noticePage(language: Language, message: 'expired' | 'ssoFailed' | 'signedOut' | 'tooMany'): string {
  const t = texts(language);
  return layout(language, t.ssoTitle, `
<div class="card">
<p class="brand">${escape(t.ssoTitle)}</p>
<h1>${escape(t.title)}</h1>
${message === 'signedOut' ? `<p role="status">${escape(t[message])}</p>` : `<p class="error" role="alert">${escape(t[message])}</p>`}
<p class="links"><a href="/">${escape(t.backToPortal)}</a></p>
</div>`);
}

/**
 * The RP-initiated logout page: the issuer's confirmation form (hidden fields from oidc-provider). The portal's own
 * logout (it carries the ID token as `id_token_hint`) is submitted at once by `/oidc/assets/logout.js` (no inline
 * script: the CSP allows none); any other page that sends the browser here (another site, a stale link) only shows
 * the choice, so it cannot sign the user out behind their back. The buttons serve a browser without JavaScript.
 */
export function signOutPage(language: Language, form: string, automatic: boolean): string {
  const t = texts(language);
  return layout(language, t.signOutTitle, `
<div class="card">
<h1>${escape(t.signOutTitle)}</h1>
<p>${escape(t.signOutText)}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" data-testid="sso-sign-out" autofocus>${escape(t.signOutButton)}</button>
<button type="submit" form="op.logoutForm" class="secondary" data-testid="sso-stay">${escape(t.backToPortal)}</button>
</div>${automatic ? '\n<script src="/oidc/assets/logout.js"></script>' : ''}`);
}

/** The stylesheet of the issuer's pages: readable on a phone, visible focus, contrast above WCAG AA. */
export const SIGN_IN_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1b2430}
.sso{max-width:26rem;margin:0 auto;padding:1rem}
.languages{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0;margin:0 0 1rem;justify-content:center}
.languages a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:.25rem .45rem;color:#1d4ed8;border-radius:4px}
.languages a[aria-current]{background:#1d4ed8;color:#fff}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.2);padding:1.5rem;display:flex;flex-direction:column;gap:.5rem}
.brand{margin:0;font-size:.85rem;text-transform:uppercase;letter-spacing:.05em;color:#475569}
h1{margin:0;font-size:1.5rem}
.muted{margin:0 0 .5rem;color:#475569}
label{font-weight:600;margin-top:.5rem}
input{font:inherit;min-height:44px;padding:.6rem;border:1px solid #64748b;border-radius:4px;width:100%}
input[aria-invalid=true]{border-color:#b91c1c}
button{font:inherit;font-weight:600;min-height:44px;margin-top:1rem;padding:.7rem;border:0;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
button.secondary{margin-top:.5rem;background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{margin:0;padding:.6rem;border-radius:4px;background:#fee2e2;color:#7f1d1d}
.links{margin:.25rem 0 0}
.links a{display:inline-flex;align-items:center;min-height:44px}
`;

/** Submits the logout confirmation at once (see {@link signOutPage}). */
export const LOGOUT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();});`;
