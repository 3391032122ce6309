/** Query parameters of the product's links that carry a secret (the single-use `tag` of recovery and invitation links). */
const SECRET_PARAMS = ['tag', 'hash', 'token'];
/** `?tag=…` or `&tag=…` (also `&amp;tag=…` in HTML, percent-encoded or not), up to the end of the value. */
const SECRET_IN_LINK = new RegExp(`([?&](?:amp;)?(?:${SECRET_PARAMS.join('|')})=)([^&\\s"'<>#]*)`, 'gi');
/** Characters of a secret left visible, so an operator can tell two links apart without being able to use either. */
const VISIBLE = 4;

/**
 * A caught message's text (or HTML, or subject) with every link secret masked: `tag=AbCd…`. The addressee's own
 * flow is the only one that sees the whole link (the mail itself, or the real mailbox of a relay).
 */
export function maskLinkSecrets(text: string): string {
  return text.replace(SECRET_IN_LINK, (_m, name: string, value: string) => `${name}${value.slice(0, VISIBLE)}${value.length > VISIBLE ? '%E2%80%A6' : ''}`);
}
