import { describe, expect, it } from 'vitest';
import { portalPath } from './return-path.js';

describe('portalPath (the maintenance page\'s return path)', () => {
  it('keeps a path of the portal with its query', () => {
    expect(portalPath('/live')).toBe('/live');
    expect(portalPath('/user-signup?email=a%2Bb%40x.example&tag=t&dealerId=1')).toBe('/user-signup?email=a%2Bb%40x.example&tag=t&dealerId=1');
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['tab the browser drops (→ //evil.example)', '/\t/evil.example'],
    ['line break the browser drops', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['space', '/ /evil.example'],
    ['non-ASCII', '/\u3002evil.example'],
    ['too long', `/${'a'.repeat(1024)}`],
    ['not a string', ['/live']],
  ])('refuses %s', (_what, value) => {
    expect(portalPath(value)).toBeUndefined();
  });
});
