import { describe, expect, it } from '@jest/globals';
import { normalizeRequestTarget } from './request-target.js';

describe('normalizeRequestTarget', () => {
  it.each([
    ['/api/v1/admin/events/log?limit=3', '/api/v1/admin/events/log?limit=3'],
    ['http://localhost:3000/api/v1/admin/read-models/status', '/api/v1/admin/read-models/status'],
    ['HTTPS://evil.example/api/v1/secure/user?x=1', '/api/v1/secure/user?x=1'],
    ['http://localhost:3000', '/'],
    ['//api//v1///admin/events/log', '/api/v1/admin/events/log'],
    ['/api/v1/open/../admin/events/log', '/api/v1/admin/events/log'],
    ['/api/v1/open/%2e%2E/admin/events/log', '/api/v1/admin/events/log'],
    ['/api/./v1/./secure/user', '/api/v1/secure/user'],
    ['/../../api/v1/secure/user', '/api/v1/secure/user'],
    ['/api/v1/secure/user/', '/api/v1/secure/user/'],
    ['/api/v1/secure/..', '/api/v1/'],
    ['/a/b/c/./../../g', '/a/g'],
    ['/api/v1/secure/running-auctions?toSearch=a/../b', '/api/v1/secure/running-auctions?toSearch=a/../b'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeRequestTarget(input)).toBe(expected);
  });
});
