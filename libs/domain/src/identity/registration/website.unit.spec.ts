import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isWebsiteAddress } from './website.js';

describe('isWebsiteAddress: http(s) only', () => {
  test('property: any other scheme is refused, whatever follows', () => {
    const scheme = fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,10}$/).filter((s) => !['http', 'https'].includes(s.toLowerCase()));
    fc.assert(fc.property(scheme, fc.string(), (s, rest) => {
      expect(isWebsiteAddress(`${s}:${rest}`)).toBe(false);
    }));
  });
  test('property: a host name, with or without http(s), is accepted', () => {
    fc.assert(fc.property(fc.domain(), fc.constantFrom('', 'http://', 'https://', 'HTTPS://'), (host, prefix) => {
      expect(isWebsiteAddress(prefix + host)).toBe(true);
    }));
  });
  test('blanks and controls anywhere are refused (browsers drop them before reading the scheme)', () => {
    for (const value of ['java\nscript:alert(1)', 'https://a.it/\u0000', 'https://a.it/ x', '\u2066www.a.it', '']) expect(isWebsiteAddress(value)).toBe(false);
    expect(isWebsiteAddress(42 as unknown as string)).toBe(false);
  });
});
