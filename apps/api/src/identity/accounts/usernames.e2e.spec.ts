/**
 * Usernames out of the event log (issue 14): a username may be an e-mail address, i.e. personal data that erasure must
 * remove, and events are immutable, so a new user's `UserRegistered` and their `OfferPlaced` carry ids only; the name
 * lives in the username claims beside the log and is resolved when answering (offers report). Once `UserAnonymised`
 * is in the log, every answer reads `anonymous-<idUser>`. Two servers on one PostgreSQL: the second knows a user
 * registered before it started (claims loaded at start) and one registered on the first while it runs (the claim is
 * fetched when the event arrives), and lets both log in. Real SMTP for the first-password links.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PostgresEventStore } from '@auction/event-store';
import { randomBytes } from 'node:crypto';
import { realSmtp } from '../../testing/mailbox.test-support.js';
import {
  ApiClient, createStorage, describeResult, ServerClock, startServer, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import { createAuctionBody, eventually, getReport, paths, runTag, type AuctionView } from '../../testing/auction.test-support.js';
import { MailReader } from '../passwords/account-mail.test-support.js';

const run = randomBytes(4).toString('hex');
const PASSWORD = 'Names#2026!';
interface StoredBody { type: string; streamId: string; data: Record<string, unknown> }

describe('usernames out of the log: claims, name resolution, anonymisation, two instances (PostgreSQL)', () => {
  let storage: ServerStorage;
  let first: RunningServer;
  let second: RunningServer | undefined;
  let admin: ApiClient;
  let auctioneer: ApiClient;
  let auction: AuctionView;
  const mail = new MailReader();
  const bidder = { email: `Nina.Names-${run}@names.example`, idUser: '' };

  /** Creates a BUYER of D-1001 on `server` as admin and sets its first password from the mailed link; answers its id. */
  const createUser = async (email: string): Promise<string> => {
    const created = await admin.post<{ idUser: string }>('/api/v1/secure/user', {
      body: { email, idDealer: 'D-1001', roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Nina', surname: 'Names' },
    });
    if (created.status !== 201) throw new Error(`create user: ${describeResult(created)}`);
    const { link } = await mail.nextTagLink(email.toLowerCase(), '/password-recovery');
    const setup = await ApiClient.anonymous(first.baseUrl).post('/api/v1/open/verify-pwd-recovery', {
      body: { password: PASSWORD, confPassword: PASSWORD, hash: link.searchParams.get('tag'), username: email.toLowerCase() },
    });
    if (setup.status !== 204) throw new Error(`first password: ${describeResult(setup)}`);
    return created.body.idUser;
  };
  const stream = async (client: ApiClient, streamId: string) => {
    const res = await client.get<StoredBody[]>(`/api/v1/admin/events/stream/${streamId}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    storage = await createStorage('postgres');
    first = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, DEMO_DEALERS: '3' });
    [admin, auctioneer] = await Promise.all([ApiClient.login(first.baseUrl, 'admin'), ApiClient.login(first.baseUrl, 'auctioneer')]);
    bidder.idUser = await createUser(bidder.email);
    const clock = await ServerClock.sync(auctioneer);
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Names ${runTag()}`, startMs: now - 120_000, endMs: now + 30 * 60_000, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `NM${runTag()}`, basePrice: 5000, minIncrement: 100 }],
      }),
    });
    if (created.status !== 201) throw new Error(`create auction: ${describeResult(created)}`);
    auction = created.body;
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await storage?.dispose();
  });

  test('a new user\'s UserRegistered and OfferPlaced carry no username; the offers report names the bidder', async () => {
    const client = await ApiClient.login(first.baseUrl, bidder.email, PASSWORD);
    const lot = auction.lots[0]!;
    const offer = await client.post(paths.offer(auction.idAuction, lot.idLot), { body: { offer: 5000, clickAndBuy: false } });
    expect(offer.status).toBe(201);

    const registered = await stream(admin, `user-${bidder.idUser}`);
    expect(registered[0]).toMatchObject({ type: 'UserRegistered', data: { idUser: bidder.idUser, roles: ['USER', 'BUYER'] } });
    expect(registered[0]!.data).not.toHaveProperty('username');
    const offers = (await stream(admin, `lot-${lot.idLot}`)).filter((e) => e.type === 'OfferPlaced');
    expect(offers).toHaveLength(1);
    expect(offers[0]!.data).toMatchObject({ idUser: bidder.idUser, amount: 5000 });
    expect(offers[0]!.data).not.toHaveProperty('username');
    const everything = JSON.stringify([registered, offers]).toLowerCase();
    expect(everything).not.toContain(bidder.email.toLowerCase());

    // The username as the user wrote it is the e-mail in lower case (route rule); resolved by id when answering.
    const report = await getReport(auctioneer, auction.idAuction);
    expect(report.map((r) => r.username)).toEqual([bidder.email.toLowerCase()]);
  }, 60_000);

  test('a second instance knows a user registered before it started, and one registered on the first while it runs', async () => {
    second = await startServer(storage, { DEMO_DEALERS: '3' });
    const early = await ApiClient.login(second.baseUrl, bidder.email, PASSWORD);
    expect((await early.get<{ idUser: string; username: string }>(paths.user)).body).toMatchObject({ idUser: bidder.idUser, username: bidder.email.toLowerCase() });

    const late = `Late.Names-${run}@names.example`;
    const idLate = await createUser(late);
    const { value: login } = await eventually(
      () => ApiClient.anonymous(second!.baseUrl).post<{ token: string }>('/api/v1/mobile/token', { body: { username: late, password: PASSWORD } }),
      (res) => expect(res.status).toBe(200), 15_000);
    expect(typeof login.body.token).toBe('string');
    const secondAuctioneer = await ApiClient.login(second.baseUrl, 'auctioneer');
    const lot = auction.lots[0]!;
    const lateClient = await ApiClient.login(second.baseUrl, late, PASSWORD);
    expect((await lateClient.post(paths.offer(auction.idAuction, lot.idLot), { body: { offer: 5100, clickAndBuy: false } })).status).toBe(201);
    const { value: report } = await eventually(() => getReport(secondAuctioneer, auction.idAuction), (rows) => expect(rows).toHaveLength(2), 15_000);
    expect(report.map((r) => r.username)).toEqual([bidder.email.toLowerCase(), late.toLowerCase()]);
    expect(idLate).not.toBe(bidder.idUser);
  }, 120_000);

  test('after UserAnonymised the reports of both instances read anonymous-<idUser>', async () => {
    // A test-only path: the event as the back-office's erasure appends it (its API refuses a user leading a running lot).
    const store = new PostgresEventStore(storage.databaseUrl!);
    await store.init();
    try {
      const events = await store.readStream(`user-${bidder.idUser}`);
      await store.append(`user-${bidder.idUser}`, events.length, [{ type: 'UserAnonymised', data: { idUser: bidder.idUser, by: 'admin', at: Date.now() } }]);
    } finally {
      await store.close();
    }
    const anonymous = `anonymous-${bidder.idUser}`;
    for (const server of [first, second!]) {
      const owner = await ApiClient.login(server.baseUrl, 'auctioneer');
      const { value: rows } = await eventually(() => getReport(owner, auction.idAuction), (report) => expect(report[0]?.username).toBe(anonymous), 15_000);
      expect(rows[0]!.username).toBe(anonymous);
      const csv = await fetch(`${server.baseUrl}/api/v1/secure/auction/${auction.idAuction}/create-report?typeExport=CSV&lang=en`, { headers: { token: owner.credentials.token! } });
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text).toContain(anonymous);
      expect(text.toLowerCase()).not.toContain(bidder.email.toLowerCase());
    }
    // The anonymised user cannot log in by the old name any more.
    const refused = await ApiClient.anonymous(first.baseUrl).post('/api/v1/mobile/token', { body: { username: bidder.email, password: PASSWORD } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
  }, 60_000);
});
