import { describe, expect, test } from '@jest/globals';
import Fastify from 'fastify';
import { addressOfEntry, normalizeForwardedFor, plainForwardedAddresses } from './forwarded-for.js';

describe('X-Forwarded-For entries with a port', () => {
  test('an IPv4 address with a port, and a bracketed IPv6 one with or without, read as the address', () => {
    expect(addressOfEntry('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(addressOfEntry(' 203.0.113.7:1 ')).toBe('203.0.113.7');
    expect(addressOfEntry('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(addressOfEntry('[2001:db8::1]')).toBe('2001:db8::1');
  });

  test('a bracketed IPv4 address, with or without a port, reads as the address', () => {
    expect(addressOfEntry('[203.0.113.7]:443')).toBe('203.0.113.7');
    expect(addressOfEntry('[203.0.113.7]')).toBe('203.0.113.7');
    expect(normalizeForwardedFor('[198.51.100.1]:4000, 10.0.0.2')).toBe('198.51.100.1, 10.0.0.2');
    for (const entry of ['[999.1.1.1]:80', '[203.0.113.7]:123456', '[203.0.113.7:80]']) expect(addressOfEntry(entry)).toBe(entry);
  });

  test('anything else is left as it is', () => {
    for (const entry of ['203.0.113.7', '2001:db8::1', '::ffff:203.0.113.7', 'unknown', '999.1.1.1:80', '203.0.113.7:123456',
      '[not-an-address]:80', '1.2.3.4:80:90', '', '[2001:db8::1]:x']) {
      expect(addressOfEntry(entry)).toBe(entry.trim());
    }
  });

  test('a list keeps its order; the same text comes back when no entry has a port', () => {
    expect(normalizeForwardedFor('198.51.100.1:4000, 10.0.0.2')).toBe('198.51.100.1, 10.0.0.2');
    const plain = '198.51.100.1,10.0.0.2';
    expect(normalizeForwardedFor(plain)).toBe(plain);
  });

  test('Fastify with one trusted hop: two connections of one client (two ports) are one address', async () => {
    const app = Fastify({ trustProxy: (_address: string, hop: number) => hop < 1 });
    plainForwardedAddresses(app);
    app.get('/ip', async (request) => ({ ip: request.ip }));
    try {
      const ips = [];
      for (const port of [1111, 2222]) {
        const res = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': `203.0.113.9:${port}` } });
        ips.push((res.json() as { ip: string }).ip);
      }
      expect(ips).toEqual(['203.0.113.9', '203.0.113.9']);
      // A client cannot choose its address by sending an entry: the hop the proxy appended is the one read.
      const res = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': '198.51.100.66, [2001:db8::5]:443' } });
      expect((res.json() as { ip: string }).ip).toBe('2001:db8::5');
    } finally {
      await app.close();
    }
  });
});
