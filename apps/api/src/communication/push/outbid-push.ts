import { parseLiveTopic, type LiveSink, type OutbidPayload } from '@auction/messaging';
import { pushRouteOf } from '@auction/contracts';
import type { PushNotificationRecord } from './push-outbox.js';

/** The outbid notice's title per language (be reads nl, lu fr, as the web client). */
const TITLES: Readonly<Record<string, string>> = {
  en: 'You have been outbid', it: 'La tua offerta è stata superata', de: 'Sie wurden überboten', fr: 'Votre offre a été dépassée',
  es: 'Su oferta ha sido superada', nl: 'U bent overboden', be: 'U bent overboden', pl: 'Twoja oferta została przebita',
  pt: 'A sua oferta foi superada', lu: 'Votre offre a été dépassée',
};

export type RecordPush = (notification: PushNotificationRecord, idUsers: readonly string[]) => Promise<number>;

/** Which of these users have a device registered now (one query for a whole batch of notices). */
export type UsersWithDevices = (idUsers: readonly string[]) => Promise<ReadonlySet<string>>;

/** The push of one outbid notice: its id is the user's, the lot's and the event's position, so recording it twice adds nothing. */
export function outbidPush(idUser: string, p: OutbidPayload, language: string, now: number): PushNotificationRecord {
  const car = [p.brand, p.model, p.licensePlate].filter(Boolean).join(' ');
  const where = [p.auctionName, `#${p.lotNumber}`].filter(Boolean).join(' ');
  return {
    id: `outbid-${idUser}-${p.idLot}-${p.position}`, title: TITLES[language] ?? TITLES.en!, body: `${where}: ${car} (${p.bestOffer} €)`.slice(0, 1000),
    type: 'outbid', source: 'OUTBID', createdBy: 'system', createdAt: now, recipients: 1,
    data: { type: 'outbid', route: pushRouteOf('outbid'), click_action: pushRouteOf('outbid'), idAuction: p.idAuction, idLot: p.idLot, bestOffer: String(p.bestOffer) },
  };
}

/** Outbid pushes waiting to be recorded, at most (a burst beyond it is dropped, and logged). */
const MAX_WAITING = 10_000;
/** Notices whose users' devices are looked up in one query. */
const LOOKUP_BATCH = 500;

/** An outbid notice waiting to be recorded. */
interface Waiting { readonly idUser: string; readonly push: PushNotificationRecord }

/**
 * A sink of the live publisher (which folds the event log, after the offer was stored and answered): every
 * `user/{idUser}/outbid` notice it publishes is also recorded as a push to that dealer's devices. The bidder's request
 * never waits on it, nor does the live channel: `publish` only queues the notice in memory and a drain records it (the
 * live publisher awaits every sink before its next batch). A failure to record is logged.
 *
 * Most dealers have no device registered, and a notice to a user without one records nothing. The drain asks which
 * users of the notices waiting have a device in one query (`withDevices`) and records only theirs (each recording
 * still reads the devices in its own transaction), then asks once more for the users left out, since a device may have
 * been registered meanwhile: a transaction of three statements per accepted offer was the largest item of the API's
 * database work under the offer load (issue 25 item 3).
 */
export class OutbidPushSink implements LiveSink {
  readonly name = 'push-outbid';
  private readonly waiting: Waiting[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly record: RecordPush,
    private readonly withDevices: UsersWithDevices,
    private readonly languageOf: (idUser: string) => string,
    private readonly now: () => number,
    private readonly warn: (line: string) => void,
  ) {}

  publish(topic: string, payload: object): Promise<void> {
    const target = parseLiveTopic(topic);
    if (!target || target.kind !== 'user' || target.name !== 'outbid') return Promise.resolve();
    if (this.waiting.length >= MAX_WAITING) {
      this.warn(`outbid push for ${target.idUser} dropped: ${MAX_WAITING} waiting`);
      return Promise.resolve();
    }
    this.waiting.push({ idUser: target.idUser, push: outbidPush(target.idUser, payload as OutbidPayload, this.languageOf(target.idUser), this.now()) });
    this.kick();
    return Promise.resolve();
  }

  /** Starts the drain unless it runs; one that ended as a notice came in starts again. */
  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.waiting.length > 0) this.kick();
    });
  }

  /** Resolves once every notice queued so far is recorded (the tests, and a clean stop). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      // A user left out had no device at the lookup; one may have been registered while the others were recorded (each
      // notice read its devices when recorded before the lookup existed): asked again until a lookup reaches no one new.
      for (let left = this.waiting.splice(0, LOOKUP_BATCH); left.length > 0;) left = await this.recordReached(left);
    }
  }

  /** Records the notices whose users have a device now (all of them if the lookup fails), in order; answers the others. */
  private async recordReached(notices: readonly Waiting[]): Promise<Waiting[]> {
    let reached: ReadonlySet<string> | null;
    try {
      reached = await this.withDevices([...new Set(notices.map((n) => n.idUser))]);
    } catch (error) {
      this.warn(`devices of outbid pushes not looked up (each is recorded on its own): ${error instanceof Error ? error.message : String(error)}`);
      reached = null;
    }
    const left: Waiting[] = [];
    for (const next of notices) {
      if (reached && !reached.has(next.idUser)) {
        left.push(next);
        continue;
      }
      try {
        await this.record(next.push, [next.idUser]);
      } catch (error) {
        this.warn(`outbid push not recorded: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Nothing recorded: no one left out has a device (asked after every other recording of the batch).
    return left.length < notices.length ? left : [];
  }
}
