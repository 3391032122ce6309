import { centsToDecimal } from './payment-signature.js';
import type { DemoPaymentSession } from './demo-payment-provider.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = 'body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center}'
  + 'main{max-width:26rem;width:100%}.note{background:#fff3cd;padding:.75rem;border-radius:.25rem}'
  + '.amount{font-size:2rem;font-weight:700;margin:1rem 0}form{display:inline}'
  + 'button{font-size:1rem;padding:.75rem 1.25rem;margin:.25rem .5rem .25rem 0;min-height:44px;cursor:pointer}'
  + 'button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}';

/** The page's headers: its own strict CSP (no script; forms post here and may be sent back to the web client's origin). */
export function demoPageHeaders(returnOrigin: string | null): Record<string, string> {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'self'";
  return {
    'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The demo provider's payment page: the amount, and two buttons (each a form posting to this token's pay or fail). */
export function demoPaymentPage(token: string, session: DemoPaymentSession): string {
  const { request } = session;
  const amount = `${centsToDecimal(request.amountCents)} ${request.currency}`;
  const action = (outcome: 'pay' | 'fail') => `${encodeURIComponent(token)}/${outcome}`;
  return page('Demo payment provider', `<h1>Demo payment provider</h1>`
    + `<p class="note">This is the portal's demo payment provider: nothing is charged. A real provider is configured in production.</p>`
    + `<p>Purchase <code>${escape(request.idPurchase)}</code></p><p class="amount" data-testid="demo-amount">${escape(amount)}</p>`
    + `<form method="post" action="${action('pay')}" enctype="text/plain"><button type="submit" data-testid="demo-pay" autofocus>Pay ${escape(amount)}</button></form>`
    + `<form method="post" action="${action('fail')}" enctype="text/plain"><button type="submit" data-testid="demo-fail">Fail the payment</button></form>`);
}

/** The page of a link that is unknown, used or expired. */
export function demoLinkGonePage(): string {
  return page('Payment link not valid', '<h1>Payment link not valid</h1><p>This demo payment link is unknown, already used or expired. '
    + 'Go back to your purchases and ask for a new link.</p><p><a href="/purchase-summary">Purchases</a></p>');
}
