import { describe, expect, it } from 'vitest';
import { UserSignUpSearch } from '../invitations/user-signup-form.js';
import { RecoverySearch } from './link-params.js';

describe('mailed link parameters as the router hands them over (values JSON-parsed)', () => {
  it('a numeric or boolean-looking username and tag stay usable as text', () => {
    expect(RecoverySearch.parse({ tag: 12345, username: 123456 })).toEqual({ tag: '12345', username: '123456' });
    expect(RecoverySearch.parse({ tag: 'abc', username: true })).toEqual({ tag: 'abc', username: 'true' });
  });

  it('blank, too long or structured values are dropped, not thrown', () => {
    expect(RecoverySearch.parse({ tag: '  ', username: 'x'.repeat(51), email: { a: 1 } })).toEqual({});
    expect(RecoverySearch.parse({ tag: ['a', 'b'], username: null })).toEqual({});
  });

  it('the invitation link keeps a numeric dealer id', () => {
    expect(UserSignUpSearch.parse({ email: 'a+b@demo.example', tag: 'T', dealerId: 1001 })).toEqual({ email: 'a+b@demo.example', tag: 'T', dealerId: '1001' });
  });
});
