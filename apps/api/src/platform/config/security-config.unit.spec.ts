import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { loadConfig } from './app-config.js';

describe('security configuration', () => {
  it('has safe defaults: no proxy trusted, no origin besides the own host, no metrics token', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ trustProxy: false, cookieSecure: false, allowedOrigins: [], metricsToken: undefined });
    expect(config.login).toEqual({
      maxFailures: 5, lockMs: 30_000, maxLockMs: 900_000, addressMaxFailures: 30, addressWindowMs: 900_000, addressMaxAttempts: 300,
      ssoAddressMaxRequests: 300,
    });
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('takes a hop count as that many proxies in front, on Fastify: the address the last one appended, its scheme', async () => {
    // Before, the count went to Fastify as a number, which Fastify (5.12.8 on) takes as "trust no hop": with
    // TRUST_PROXY=1 (the documented deployment) every client had the proxy's address (login limits shared by all).
    const seen = async (trustProxy: string, forwardedFor: string) => {
      const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy as never });
      app.get('/', (request) => ({ ip: request.ip, protocol: request.protocol }));
      const res = await app.inject({ url: '/', remoteAddress: '10.0.0.11', headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } });
      await app.close();
      return res.json() as { ip: string; protocol: string };
    };
    // One hop, not every hop: the client's own leftmost X-Forwarded-For entry must not become its address.
    expect(await seen('1', '151.1.1.1, 198.51.100.45')).toEqual({ ip: '198.51.100.45', protocol: 'https' });
    expect(await seen('2', '151.1.1.1, 198.51.100.45, 10.0.0.2')).toEqual({ ip: '198.51.100.45', protocol: 'https' });
    expect(await seen('0', '151.1.1.1')).toEqual({ ip: '10.0.0.11', protocol: 'http' });
  });

  it('forces Secure cookies with COOKIE_SECURE, lists ALLOWED_ORIGINS, and takes an empty METRICS_TOKEN as unset', () => {
    const config = loadConfig({ COOKIE_SECURE: 'true', ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173', METRICS_TOKEN: ' ' });
    expect(config).toMatchObject({ cookieSecure: true, allowedOrigins: ['https://a.example', 'http://localhost:5173'], metricsToken: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'x' }).metricsToken).toBe('x');
  });

  it('refuses limits below 1', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '0' })).toThrow(/LOGIN_MAX_FAILURES/);
  });
});
