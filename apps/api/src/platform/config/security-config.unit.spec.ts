import { describe, expect, it } from '@jest/globals';
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
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // One hop, not every hop: the client's own leftmost X-Forwarded-For entry must not become its address.
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
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
