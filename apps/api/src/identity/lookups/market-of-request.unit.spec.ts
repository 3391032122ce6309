import { describe, expect, test } from '@jest/globals';
import { formatIsoDate, parseBirthDate } from '@auction/domain';
import { checkCfIsoDate } from './check-cf-birth-date.js';
import { isLocalAddress, marketOfAcceptLanguage, marketOfCountryIso, normalizedAddress } from './market-of-request.js';

describe('marketOfCountryIso', () => {
  test.each([['IT', 'IT'], ['de', 'DE'], ['GB', 'EN'], ['LU', 'LU'], ['US', null], ['CH', null], ['', null], [42, null]])('%p → %p', (iso, market) => {
    expect(marketOfCountryIso(iso)).toBe(market);
  });
});

describe('marketOfAcceptLanguage', () => {
  test.each([
    ['it', 'IT'], ['de-AT,de;q=0.9', 'DE'], ['en-US,en;q=0.9', 'EN'], ['en-GB', 'EN'], ['fr-BE', 'BE'], ['nl-BE', 'BE'], ['fr-LU', 'LU'],
    ['fr-FR', 'FR'], ['fr', 'FR'], ['es-MX', 'ES'], ['pt-BR', 'PT'], ['pl', 'PL'], ['de-BE', 'DE'], ['en-IT', 'IT'],
    ['ja, zh;q=0.8, it;q=0.1', 'IT'], ['es;q=0.2, pt;q=0.9', 'PT'], ['it;q=0, de;q=0.1', 'DE'],
    ['be', null], ['lu', null], ['*', null], ['', null], [undefined, null], [42, null], [['it', 'de'], 'IT'],
    [`${'a'.repeat(2000)},it`, null], ['IT_it', 'IT'], ['it;q=2', null], ['it;q=NaN', null],
  ])('%p → %p', (header, market) => {
    expect(marketOfAcceptLanguage(header)).toBe(market);
  });
});

describe('isLocalAddress', () => {
  test.each([
    ['127.0.0.1', true], ['::1', true], ['::ffff:127.0.0.1', true], ['10.2.3.4', true], ['172.31.255.1', true], ['192.168.0.1', true],
    ['100.64.0.1', true], ['169.254.1.1', true], ['fe80::1%eth0', true], ['fd00::1', true], ['0.0.0.0', true], ['::', true],
    ['151.1.1.1', false], ['::ffff:151.1.1.1', false], ['2a01:4f8::1', false], ['172.32.0.1', false],
    ['', true], ['not-an-ip', true], [undefined, true], ['9'.repeat(100), true],
    // a port appended by a proxy is dropped, the address decides
    ['151.1.1.1:443', false], ['[2a01:4f8::1]:443', false], ['[2a01:4f8::1]', false], ['127.0.0.1:80', true], ['[::1]:80', true],
    ['151.1.1.1:99999999', true], ['[151.1.1.1]:80x', true],
  ])('%p → %p', (address, local) => {
    expect(isLocalAddress(address)).toBe(local);
  });
});

describe('normalizedAddress', () => {
  test.each([
    ['151.1.1.1:443', '151.1.1.1'], ['[2a01:4f8::1]:443', '2a01:4f8::1'], ['[2a01:4f8::1]', '2a01:4f8::1'], ['::ffff:151.1.1.1', '151.1.1.1'],
    ['fe80::1%eth0', 'fe80::1'], ['151.1.1.1', '151.1.1.1'], ['1.2.3.4:5:6', null], ['[1.2.3.4]', '1.2.3.4'],
  ])('%p → %p', (raw, plain) => {
    expect(normalizedAddress(raw)?.address ?? null).toBe(plain);
  });
});

describe('the birth date of check-cf', () => {
  test.each([
    [String(Date.UTC(1991, 2, 17)), '1991-03-17'], // adjusted: UTC midnight
    [String(Date.UTC(1991, 2, 17, 23, 30)), '1991-03-17'], // adjusted 23:30 local: still the 17th, not the 18th
    [String(Date.UTC(1991, 2, 17, 12)), '1991-03-17'], // adjusted noon
    [String(Date.UTC(1991, 2, 17, 23, 59, 59, 999)), '1991-03-17'], // the last instant of the day
    [String(Date.UTC(1991, 2, 16, 23)), '1991-03-16'], // NOT adjusted (Rome's local midnight): the day before, as the sign-up reads it
    [String(Date.UTC(1960, 0, 1)), '1960-01-01'], // before 1970: a negative epoch
    ['1991-03-17', '1991-03-17'], ['17/03/1991', '1991-03-17'], ['7/3/1991', '1991-03-07'],
    ['31/02/1991', null], ['1991-02-30', null], ['yesterday', null], ['99999999999999', null], ['1899-12-31', null], ['', null],
  ])('%p → %p', (text, iso) => {
    expect(checkCfIsoDate(text)).toBe(iso);
  });
});

describe('check-cf reads an epoch birth date as the sign-up does', () => {
  // Every half hour of 3 days around a date, both sides of 1970: check-cf and parseBirthDate (registration and
  // sign-up) must name the same day, or check-cf says "fits" for a code the sign-up then refuses (or the reverse).
  test.each([Date.UTC(1991, 2, 16), Date.UTC(1965, 6, 31)])('around %p', (start) => {
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 1_800_000) {
      const domain = parseBirthDate(ms);
      expect(`${ms} ${checkCfIsoDate(String(ms))}`).toBe(`${ms} ${domain ? formatIsoDate(domain) : null}`);
    }
  });
});
