import { describe, expect, it } from 'vitest';
import { MAIL_ERROR_CODES } from './errors.js';
import { Mailer } from './mailer.js';
import { DEFAULT_MAIL_FROM, isEmailAddress, parseMailFrom, parseMailboxes, parseSmtpUrl, redactSmtpUrl } from './smtp-config.js';

const configError = expect.objectContaining({ errorCode: MAIL_ERROR_CODES.CONFIG_INVALID });

describe('SMTP configuration', () => {
  it('takes smtp:// and smtps:// URLs, credentials included', () => {
    expect(parseSmtpUrl('smtp://mail.example.com:2525').port).toBe('2525');
    const url = parseSmtpUrl('smtps://user:s%40cret@mail.example.com:465');
    expect([url.protocol, url.username, url.password]).toEqual(['smtps:', 'user', 's%40cret']);
    expect(redactSmtpUrl(url)).toBe('smtps://user:***@mail.example.com:465');
  });

  it('refuses anything else with errorCode 500701', () => {
    for (const bad of ['', 'mail.example.com:25', 'http://mail.example.com', 'smtp://']) expect(() => parseSmtpUrl(bad)).toThrow(configError);
    expect(() => new Mailer({ smtpUrl: 'ftp://x' })).toThrow(configError);
    expect(() => new Mailer({ smtpUrl: 'smtp://x', retry: { attempts: 0 } })).toThrow(configError);
    expect(() => Mailer.fromEnv({})).toThrow(configError);
  });

  it('reads MAIL_FROM as one mailbox, with a default when unset', () => {
    expect(parseMailFrom('"Aste Italia" <aste@example.it>')).toEqual({ name: 'Aste Italia', address: 'aste@example.it' });
    expect(parseMailFrom(undefined)).toEqual(parseMailboxes(DEFAULT_MAIL_FROM)![0]);
    for (const bad of ['no address', 'a@x.it, b@y.it', 'Name <>']) expect(() => parseMailFrom(bad)).toThrow(configError);
  });

  it('parses address lists and refuses a list with any non-address', () => {
    expect(parseMailboxes(['a@x.it', '"B, Jr" <b@y.de>'])).toEqual([{ name: '', address: 'a@x.it' }, { name: 'B, Jr', address: 'b@y.de' }]);
    expect(parseMailboxes('a@x.it, nonsense')).toBeNull();
    expect(parseMailboxes([])).toBeNull();
    expect(isEmailAddress('dealer@example.com')).toBe(true);
    for (const bad of ['dealer', 'a b@x.it', 'a@b@c', '@x.it', `${'a'.repeat(250)}@x.it`]) expect(isEmailAddress(bad), bad).toBe(false);
  });
});
