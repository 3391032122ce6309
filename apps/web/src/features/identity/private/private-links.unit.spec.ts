import { describe, expect, it } from 'vitest';
import { informativeTexts, leasingSiteUrl, partitionMailto } from './private-links.js';

describe('informativeTexts', () => {
  it('code "1" is the privacy policy, "2" the terms and conditions, anything else nothing', () => {
    expect(informativeTexts('1')).toEqual({ titleKey: 'informative.privacyTitle', textKey: 'informative.privacyText' });
    expect(informativeTexts('2')).toEqual({ titleKey: 'informative.termsTitle', textKey: 'informative.termsText' });
    expect(informativeTexts('3')).toBeNull();
    expect(informativeTexts('')).toBeNull();
  });
});

describe('leasingSiteUrl', () => {
  it('puts the lower-cased country code under the site, and the root for OTHER or no market', () => {
    expect(leasingSiteUrl('DE', 'https://lease.example/')).toBe('https://lease.example/de');
    expect(leasingSiteUrl('it', 'https://lease.example')).toBe('https://lease.example/it');
    expect(leasingSiteUrl('OTHER', 'https://lease.example')).toBe('https://lease.example/');
    expect(leasingSiteUrl(null, 'https://lease.example')).toBe('https://lease.example/');
  });
});

describe('partitionMailto', () => {
  it('writes to the centre with the subject and the dealer and user named in the body, all encoded', () => {
    const href = partitionMailto('centre@x.example', 'Change & move', { username: 'dealer1', idDealer: 'D1', idMarket: 'IT' }, 'Please move me');
    expect(href.startsWith('mailto:centre@x.example?subject=Change%20%26%20move&body=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1]!);
    expect(body).toBe('Please move me\n\nusername: dealer1\nidDealer: D1\nidMarket: IT');
  });
  it('leaves out what the profile does not have', () => {
    const body = decodeURIComponent(partitionMailto('c@x.example', 's', { username: 'u' }, 'i').split('&body=')[1]!);
    expect(body).toBe('i\n\nusername: u');
  });
});
