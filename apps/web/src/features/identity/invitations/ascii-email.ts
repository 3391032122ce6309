/**
 * An e-mail with an internationalised domain (`anna@bücher.example`) in the ASCII form mail servers and the API's
 * rule accept (`anna@xn--bcher-kva.example`), via the browser's own IDNA conversion (URL). The local part is left
 * as typed: a non-ASCII one stays refused by the rule. Anything that is not one `@` with a domain comes back as is.
 */
export function asciiEmail(typed: string): string {
  const text = typed.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return text;
  const domain = text.slice(at + 1);
  if (/^[\x21-\x7e]+$/.test(domain)) return text;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return host ? `${text.slice(0, at)}@${host}` : text;
  } catch {
    return text;
  }
}
