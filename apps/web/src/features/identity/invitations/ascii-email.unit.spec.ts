import { describe, expect, it } from 'vitest';
import { isValidEmail } from '@auction/domain';
import { asciiEmail } from './ascii-email.js';

describe('asciiEmail (the invite dialog\'s e-mail)', () => {
  it('turns an internationalised domain into its ASCII form, which the rule accepts', () => {
    expect(asciiEmail('anna@bücher.example')).toBe('anna@xn--bcher-kva.example');
    expect(isValidEmail(asciiEmail('anna@bücher.example'))).toBe(true);
    expect(asciiEmail(' Anna.Rossi+bids@Bücher.example ')).toBe('Anna.Rossi+bids@xn--bcher-kva.example');
  });

  it('leaves ASCII addresses, plus signs and broken input as typed', () => {
    expect(asciiEmail('a+b@demo.example')).toBe('a+b@demo.example');
    expect(asciiEmail('no-at-sign')).toBe('no-at-sign');
    expect(asciiEmail('a@')).toBe('a@');
    expect(asciiEmail('a@exa mple.example')).toBe('a@exa mple.example');
    expect(isValidEmail(asciiEmail('üser@demo.example'))).toBe(false);
  });
});
