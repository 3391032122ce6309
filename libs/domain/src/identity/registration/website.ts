import type { FieldFormat } from './field-formats.js';
import { hasUnsafeCharacter } from '../../shared/unsafe-text.js';

/** A URL scheme as browsers read it: a letter, then letters, digits, `+`, `.` or `-`, up to the first `:`. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * True for a dealer's web address, the `website` of the registration: an http(s) URL with a host. A scheme, when
 * written, must be `http` or `https` (any case), so `javascript:`, `data:`, `vbscript:`, `file:` are refused: the
 * address is shown to back-office users as a link. An address without a scheme (`www.dealer.it`, what people type)
 * is read as `http://` + the address and must start with a letter or digit. No blank, control or bidirectional
 * character anywhere: browsers drop tabs and newlines inside a URL (`java\tscript:`), so the value checked must be
 * the value a browser reads. Stored as typed; whoever renders it as a link prefixes `http://` when it has no scheme.
 */
export function isWebsiteAddress(value: string): boolean {
  if (typeof value !== 'string' || value === '' || /\s/u.test(value) || hasUnsafeCharacter(value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  if (scheme === undefined && !/^[\p{L}\p{N}]/u.test(value)) return false;
  const url = parseUrl(scheme === undefined ? `http://${value}` : value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** The `website` format of the registration form ({@link isWebsiteAddress}), with the example its hint shows. */
export const WEBSITE_FORMAT: FieldFormat = { test: isWebsiteAddress, params: { example: 'https://www.example.com' } };

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
