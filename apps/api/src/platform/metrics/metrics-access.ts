import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { API_ERROR_CODES } from '@auction/contracts';
import { AccessError } from '../engine/access-error.js';

/** Headers a proxy adds: a request carrying one was relayed for someone else, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** True for a peer on this host (127.0.0.0/8, ::1, IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read `/metrics`. With `METRICS_TOKEN` set: whoever sends `Authorization: Bearer <token>` (compared in
 * constant time), from anywhere. Without: only a client on this host talking to the server directly (the socket's
 * peer is loopback and no proxy header says it relays someone else), so a scrape from the Prometheus of the host
 * works and nothing is exposed publicly. Returns the refusal, or null when allowed.
 */
export function metricsRefusal(request: FastifyRequest, token: string | undefined): AccessError | null {
  if (token) {
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (presented && timingSafeEqual(digest(presented), digest(token))) return null;
    return new AccessError(401, API_ERROR_CODES.NOT_LOGGED_IN, '/metrics needs Authorization: Bearer <METRICS_TOKEN>');
  }
  const relayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!relayed && isLoopback(request.raw.socket.remoteAddress)) return null;
  return new AccessError(403, API_ERROR_CODES.ACCESS_DENIED, '/metrics answers local clients only: set METRICS_TOKEN to scrape it remotely');
}
