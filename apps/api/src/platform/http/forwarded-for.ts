import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * One `X-Forwarded-For` entry as an address: `203.0.113.7:51234` is `203.0.113.7`, `[2001:db8::1]:443` and
 * `[2001:db8::1]` are `2001:db8::1`, and a bracketed IPv4 one (`[203.0.113.7]:443`, written so by proxies that bracket
 * every host) is `203.0.113.7`. Some proxies (Azure's application gateway, IIS's ARR) append the client's port;
 * kept, every connection of one client would be a new address to each per-address limit, and a trusted proxy listed
 * by address would not be recognised. Anything else is left as it is (Fastify then judges it as before).
 */
export function addressOfEntry(entry: string): string {
  const e = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(e);
  if (bracketed && isIP(bracketed[1]!) !== 0) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(e);
  if (v4WithPort && isIP(v4WithPort[1]!) === 4) return v4WithPort[1]!;
  return e;
}

/** `X-Forwarded-For` with each entry as an address ({@link addressOfEntry}); the same text when nothing changes. */
export function normalizeForwardedFor(value: string): string {
  const entries = value.split(',');
  const addresses = entries.map(addressOfEntry);
  return addresses.some((a, i) => a !== entries[i]!.trim()) ? addresses.join(', ') : value;
}

/**
 * The one place client addresses are read from: Fastify's `request.ip` (under TRUST_PROXY) parses `X-Forwarded-For`
 * when asked, so the header is made plain addresses before any other hook (rate limits, login protection, sign-up
 * limits, geolocation) asks. Registered first, right after the app is created.
 */
export function plainForwardedAddresses(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const value = request.raw.headers['x-forwarded-for'];
    if (typeof value === 'string' && value.length > 0) request.raw.headers['x-forwarded-for'] = normalizeForwardedFor(value);
    done();
  });
}
