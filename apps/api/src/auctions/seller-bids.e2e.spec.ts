/**
 * The seller cannot bid on its own lots (issue 21 item 13), through HTTP against the real built server (PostgreSQL
 * store, real SMTP): the auctioneer invites a user into its own dealer, the invitee signs up, sets a password, logs
 * in as a BUYER and bids on the auctioneer's running auction: refused 422050, nothing stored; a dealer of another
 * dealer bids on the same lot and leads.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import codiceFiscale from 'codice-fiscale-js';
import { randomBytes } from 'node:crypto';
import { realSmtp } from '../testing/mailbox.test-support.js';
import { ApiClient, ServerClock, createStorage, isCleanError, startServer, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';
import { MailReader } from '../identity/passwords/account-mail.test-support.js';
import { type AuctionView, createAuctionBody, getAuction, paths, runTag } from '../testing/auction.test-support.js';

const PERSON = { name: 'Sara', surname: 'Verdi', gender: 'F' as const, day: 9, month: 6, year: 1988 };

function fiscalCode(): string {
  const module = codiceFiscale as unknown as { CodiceFiscale?: new (p: object) => { cf: string } } & (new (p: object) => { cf: string });
  const CodiceFiscale = module.CodiceFiscale ?? module;
  return new CodiceFiscale({ ...PERSON, birthplace: 'Roma', birthplaceProvincia: 'RM' }).cf;
}

describe('the seller cannot bid on its own lots (PostgreSQL, real SMTP)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  const mail = new MailReader();

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  /** The auctioneer invites `email` into its own dealer; the invitee signs up and sets a password: its client. */
  async function inviteIntoAuctioneerDealer(auctioneer: ApiClient, email: string): Promise<ApiClient> {
    const anonymous = ApiClient.anonymous(server.baseUrl);
    expect((await auctioneer.post('/api/v1/secure/user/invite', { body: { email, dealerId: 'D-AUCT' } })).status).toBe(204);
    const signup = await mail.nextTagLink(email, '/user-signup');
    const created = await anonymous.post('/api/v1/open/user-sign-up', {
      body: {
        surname: PERSON.surname, name: PERSON.name, fiscalCode: fiscalCode(), email, birthDate: '09/06/1988', idDealer: 'D-AUCT',
        dealerName: 'Demo Auctions House', consent1: true, consent2: true, consent3: false, tag: signup.link.searchParams.get('tag'),
      },
    });
    expect(created.status).toBe(201);
    const { link } = await mail.nextTagLink(email, '/password-recovery');
    const password = 'Sara#Seller2026';
    const setup = await anonymous.post('/api/v1/open/verify-pwd-recovery', {
      body: { password, confPassword: password, hash: link.searchParams.get('tag'), username: email },
    });
    expect(setup.status).toBe(204);
    return ApiClient.login(server.baseUrl, email, password);
  }

  test('a user the auctioneer invited into its dealer bids on the auctioneer\'s lot: 422050, nothing stored; another dealer leads', async () => {
    const auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const invited = await inviteIntoAuctioneerDealer(auctioneer, `seller-${randomBytes(4).toString('hex')}@seller-bids.example`);
    const profile = await invited.get<{ idDealer: string; roles: string[] }>(paths.user);
    expect(profile.body).toMatchObject({ idDealer: 'D-AUCT', roles: expect.arrayContaining(['BUYER']) });

    const clock = await ServerClock.sync(auctioneer);
    const tag = runTag();
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Seller ${tag}`, startMs: clock.now() - 1000, endMs: clock.now() + 3_600_000, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `SB${tag}1`, basePrice: 1000, minIncrement: 10, buyNowPrice: 5000 }],
      }),
    });
    expect(created.status).toBe(201);
    const { idAuction } = created.body;
    const idLot = created.body.lots[0]!.idLot;

    const own = await invited.post(paths.offer(idAuction, idLot), { body: { offer: 1000 }, idempotencyKey: `own-${tag}` });
    expect(`${own.status} ${own.body.errorCode}`).toBe('422 422050');
    expect(isCleanError(own, 422)).toBe(true);
    expect(typeof own.body.errorMsg).toBe('string');
    const buyNow = await invited.post(paths.offer(idAuction, idLot), { body: { offer: 5000, clickAndBuy: true } });
    expect(`${buyNow.status} ${buyNow.body.errorCode}`).toBe('422 422050');
    expect((await getAuction(auctioneer, idAuction)).lots[0]).toMatchObject({ offersCount: 0, bestOffer: null });

    const dealer1 = await ApiClient.login(server.baseUrl, 'dealer1');
    const other = await dealer1.post<{ leading: boolean }>(paths.offer(idAuction, idLot), { body: { offer: 1000 } });
    expect(other.status).toBe(201);
    expect(other.body.leading).toBe(true);
  }, 120_000);
});
