/**
 * The embedded issuer's limit on sign-in starts (#21 item 6, attack review): a person whose browser is refused sees
 * the issuer's page in their language, not the API's JSON; API clients keep the JSON with its code.
 */
import { describe, expect, it } from '@jest/globals';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { resources } from '@auction/i18n';
import { protectSignInStarts } from './issuer-protection.js';

async function limitedIssuer() {
  const app = Fastify();
  await app.register(fastifyRateLimit, { global: false });
  protectSignInStarts(app, 1);
  app.get('/oidc/auth', async () => 'started');
  await app.ready();
  return app;
}

describe('the issuer\'s limit on sign-in starts', () => {
  it('answers a browser\'s navigation beyond it with a page in its language, 429 and Retry-After', async () => {
    const app = await limitedIssuer();
    const navigation = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'accept-language': 'de-DE,de;q=0.9' };
    expect((await app.inject({ url: '/oidc/auth', headers: navigation })).statusCode).toBe(200);
    const refused = await app.inject({ url: '/oidc/auth', headers: navigation });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toContain(resources.de.login.tooMany);
    await app.close();
  });

  it('answers an API client beyond it with 429010', async () => {
    const app = await limitedIssuer();
    await app.inject({ url: '/oidc/auth' });
    const refused = await app.inject({ url: '/oidc/auth' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorCode: 429010 });
    await app.close();
  });
});
