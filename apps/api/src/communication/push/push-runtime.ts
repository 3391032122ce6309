import { readFileSync } from 'node:fs';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { streamId } from '@auction/domain';
import { LivePublisher } from '@auction/messaging';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG, CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { PushTokenStore } from '../../identity/profile/push-tokens.js';
import { FcmClient, type FcmServiceAccount } from './fcm-client.js';
import { FcmTestDouble } from './fcm-test-double.js';
import { OutbidPushSink } from './outbid-push.js';
import { PushOutbox, type PushNotificationRecord } from './push-outbox.js';
import { PushSender } from './push-sender.js';

/** Reads FCM_SERVICE_ACCOUNT: the key file's JSON itself, or the path of the file. */
export function readServiceAccount(value: string): FcmServiceAccount {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const account = JSON.parse(text) as Partial<FcmServiceAccount>;
  if (account.type !== 'service_account' || !account.client_email || !account.private_key || !account.project_id) {
    throw new Error('bad configuration:\n  FCM_SERVICE_ACCOUNT: not a Google service account key (type, project_id, client_email, private_key)');
  }
  return { ...account, token_uri: account.token_uri ?? 'https://oauth2.googleapis.com/token' } as FcmServiceAccount;
}

/**
 * The push notifications' moving parts: the outbox, FCM (the configured project, or with no FCM_SERVICE_ACCOUNT the
 * LOCAL FCM-PROTOCOL TEST DOUBLE started here on 127.0.0.1, since FCM itself cannot be reached from this machine), the
 * background sender, and the outbid notices taken from the live publisher (the event log, never a bidder's request).
 */
@Injectable()
export class PushRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Push');
  readonly outbox: PushOutbox;
  readonly tokens: PushTokenStore;
  private sender: PushSender | null = null;
  private double: FcmTestDouble | null = null;
  private stopped = false;
  private outbid: OutbidPushSink | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FANOUT) fanout: Fanout,
    private readonly publisher: LivePublisher,
    private readonly model: LiveReadModel,
  ) {
    this.outbox = new PushOutbox(fanout.db);
    this.tokens = new PushTokenStore(fanout.db);
  }

  async onApplicationBootstrap(): Promise<void> {
    const fcm = this.config.fcm ?? { baseUrl: 'https://fcm.googleapis.com' };
    let client: FcmClient;
    if (fcm.serviceAccount) {
      const account = readServiceAccount(fcm.serviceAccount);
      const projectId = fcm.projectId ?? account.project_id;
      client = new FcmClient(account, projectId, fcm.baseUrl);
      this.logger.log(`push: Firebase Cloud Messaging HTTP v1 at ${fcm.baseUrl}, project ${projectId}, service account ${account.client_email}`);
    } else {
      this.double = await FcmTestDouble.start({ acceptAnyToken: true, log: (line) => this.logger.log(line) });
      client = new FcmClient(this.double.serviceAccount(), this.double.projectId, this.double.url);
      this.logger.log(`push: FCM_SERVICE_ACCOUNT is unset: notifications go to the LOCAL FCM-PROTOCOL TEST DOUBLE at ${this.double.url} (FCM itself cannot be reached from here; nothing reaches a phone)`);
    }
    this.sender = new PushSender({
      outbox: this.outbox, fcm: client, now: () => this.clock.now(), dropToken: (token) => this.tokens.drop(token),
      log: (line) => this.logger.log(line), fcmName: this.double ? 'the local FCM-protocol test double' : 'FCM',
    });
    this.sender.start();
    const languageOf = (idUser: string) => {
      const user = this.model.users.get(streamId.user(idUser));
      return user?.status === 'ACTIVE' ? user.data.preferredLanguage : 'en';
    };
    this.outbid = new OutbidPushSink((n, idUsers) => this.record(n, idUsers), (idUsers) => this.outbox.usersWithDevices(idUsers), languageOf, () => this.clock.now(), (line) => this.logger.warn(line));
    this.publisher.addSink(this.outbid);
    if (this.config.demoData && this.double) this.demoDevices();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.outbid?.idle();
    await this.sender?.stop();
    await this.double?.close();
  }

  /** The product's clock (epoch ms). */
  now(): number {
    return this.clock.now();
  }

  /** Records a notification for the devices of `idUsers` and wakes the sender; how many devices it reaches. */
  async record(notification: PushNotificationRecord, idUsers: readonly string[]): Promise<number> {
    const devices = await this.outbox.record(notification, idUsers);
    if (devices > 0) this.sender?.wake();
    return devices;
  }

  /**
   * The embedded demo: dealer1..dealer3 have a (demo) phone registered, so a push shows its deliveries at once. The demo
   * users are seeded after the application starts: looked for every 2 s for a minute.
   */
  private demoDevices(tries = 30): void {
    const ids = ['dealer1', 'dealer2', 'dealer3'].map((name) => [name, this.model.userIdByName.get(name)] as const);
    if (ids.some(([, id]) => !id)) {
      if (tries > 0 && !this.stopped) setTimeout(() => this.demoDevices(tries - 1), 2_000).unref();
      return;
    }
    void (async () => {
      for (const [name, idUser] of ids) {
        if ((await this.tokens.tokensOf(idUser!)).length === 0) await this.tokens.register(idUser!, `demo-device-${name}`, null);
      }
      this.logger.log('push: demo devices registered for dealer1..dealer3 (the test double accepts them)');
    })().catch((error: unknown) => this.logger.warn(`push: demo devices not registered: ${String(error)}`));
  }
}
