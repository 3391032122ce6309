import { describe, expect, test } from 'vitest';
import { pushRouteOf } from '@auction/contracts';
import { pushTarget } from './push-open.js';

describe('pushTarget', () => {
  test('type test goes home, any other type to /private (spec 01 §4)', () => {
    expect(pushTarget({ type: 'test', route: '/' })).toBe('/');
    expect(pushTarget({ type: 'info', route: '/private' })).toBe('/private');
    expect(pushTarget({ type: 'outbid', idAuction: 'A1' })).toBe('/private');
    for (const type of ['test', 'info', 'outbid', 'auction']) expect(pushTarget({ type })).toBe(pushRouteOf(type));
  });

  test('never follows a path the payload names, and survives a payload without a type', () => {
    expect(pushTarget({ type: 'info', route: '/admin', click_action: 'https://evil.example' })).toBe('/private');
    expect(pushTarget(null)).toBe('/private');
    expect(pushTarget('test')).toBe('/private');
  });
});
