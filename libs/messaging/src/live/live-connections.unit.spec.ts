import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnections, type LiveCloseReason } from './live-connections.js';

interface Probe {
  idUser: string;
  expiresAt: number;
  valid: boolean;
  closed: LiveCloseReason[];
}

function probe(idUser: string, expiresAt = Number.POSITIVE_INFINITY): Probe {
  return { idUser, expiresAt, valid: true, closed: [] };
}

function register(registry: LiveConnections, p: Probe): () => void {
  return registry.add({ idUser: p.idUser, expiresAt: p.expiresAt, isValid: () => p.valid, close: (reason) => p.closed.push(reason) });
}

describe('LiveConnections', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('closes a connection within a sweep of its expiry, and only then', () => {
    const registry = new LiveConnections({ now: () => now, expirySweepMs: 1_000, recheckAllMs: 0 });
    const a = probe('u1', 5_000);
    const b = probe('u1', 60_000);
    register(registry, a);
    register(registry, b);
    now = 4_999;
    vi.advanceTimersByTime(1_000);
    expect(a.closed).toEqual([]);
    now = 5_000;
    vi.advanceTimersByTime(1_000);
    expect(a.closed).toEqual(['expired']);
    expect(b.closed).toEqual([]);
    expect(registry.size).toBe(1);
  });

  it('closes the connections of a user whose credentials ended as soon as that user is signalled, not the others', () => {
    const registry = new LiveConnections({ now: () => now, recheckAllMs: 0 });
    const ended = probe('u1');
    const otherSession = probe('u1');
    const otherUser = probe('u2');
    for (const p of [ended, otherSession, otherUser]) register(registry, p);
    ended.valid = false;
    otherUser.valid = false;
    expect(registry.recheckUser('u1')).toBe(1);
    expect(ended.closed).toEqual(['revoked']);
    expect(otherSession.closed).toEqual([]);
    expect(otherUser.closed).toEqual([]);
    expect(registry.recheckUser('u1')).toBe(0);
    expect(registry.size).toBe(2);
  });

  it('checks every connection again every recheckAllMs (a signal that never came)', () => {
    const registry = new LiveConnections({ now: () => now, recheckAllMs: 60_000 });
    const p = probe('u1');
    register(registry, p);
    p.valid = false;
    vi.advanceTimersByTime(59_999);
    expect(p.closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(p.closed).toEqual(['revoked']);
  });

  it('closes at once a connection added with credentials that already ended, and a check that throws counts as ended', () => {
    const registry = new LiveConnections({ now: () => now });
    const expired = probe('u1', 500);
    expect(register(registry, expired)).toBeInstanceOf(Function);
    expect(expired.closed).toEqual(['expired']);
    const closed: string[] = [];
    registry.add({ idUser: 'u2', expiresAt: Infinity, isValid: () => true, close: () => closed.push('a') });
    registry.add({ idUser: 'u2', expiresAt: Infinity, isValid: () => { throw new Error('boom'); }, close: () => closed.push('b') });
    expect(closed).toEqual(['b']);
    expect(registry.size).toBe(1);
  });

  it('forgets a removed connection and runs no timer without connections', () => {
    const registry = new LiveConnections({ now: () => now });
    const p = probe('u1', 2_000);
    const remove = register(registry, p);
    expect(vi.getTimerCount()).toBe(2);
    remove();
    remove();
    expect(registry.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    now = 10_000;
    vi.advanceTimersByTime(5_000);
    expect(p.closed).toEqual([]);
    register(registry, probe('u1'));
    registry.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
