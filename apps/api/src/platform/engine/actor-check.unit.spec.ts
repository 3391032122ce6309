import { describe, expect, it } from '@jest/globals';
import { decideUser, streamId, type UserData, type UserState } from '@auction/domain';
import type { AppendResult, EventStore, NewEvent, StoredEvent, StreamAppend } from '@auction/event-store';
import { AccessError } from './access-error.js';
import { actorCheckOf } from './actor-check.js';
import { LiveReadModel } from './live-read-model.js';
import { StreamWriter, type ActingUser } from './stream-writer.js';

/** A store in memory whose reads of one stream can be held (to keep a command waiting in that stream's mailbox). */
class HeldStore {
  readonly name = 'memory';
  readonly log: StoredEvent[] = [];
  private hold: { streamId: string; released: Promise<void> } | null = null;

  holdReadsOf(id: string): () => void {
    let release!: () => void;
    this.hold = { streamId: id, released: new Promise<void>((r) => (release = r)) };
    return release;
  }

  async init(): Promise<void> {}
  async append(id: string, expectedVersion: number | 'any', events: NewEvent[]): Promise<AppendResult> {
    const [result] = await this.appendMulti([{ streamId: id, expectedVersion, events }]);
    return result!;
  }
  /** The next append touching `id` is refused, as a version conflict or a lost connection would be. */
  failNextAppendOf(id: string): void {
    this.failing = id;
  }
  private failing: string | null = null;

  async appendMulti(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.some((a) => a.streamId === this.failing)) {
      this.failing = null;
      throw new Error('append refused');
    }
    return appends.map((a) => {
      let version = this.log.filter((e) => e.streamId === a.streamId).length;
      const positions = a.events.map((e) => {
        const stored = { ...e, streamId: a.streamId, streamVersion: ++version, position: this.log.length + 1, metadata: e.metadata ?? {}, recordedAt: new Date().toISOString() };
        this.log.push(stored as unknown as StoredEvent);
        return stored.position;
      });
      return { streamId: a.streamId, positions } as unknown as AppendResult;
    });
  }
  async readStream(id: string): Promise<StoredEvent[]> {
    if (this.hold?.streamId === id) await this.hold.released;
    return this.log.filter((e) => e.streamId === id);
  }
}

const user = (idUser: string): UserData => ({
  idUser, username: idUser, roles: ['USER', 'BUYER'], idDealer: 'D-1', idMarket: 'IT', preferredLanguage: 'it',
  consent1: true, consent2: true, consent3: true, flgEnabled: true,
});

/** A writer with the actor check on an index that follows the store only when `project()` is called (a lagging projector). */
function engine() {
  const store = new HeldStore();
  const model = new LiveReadModel();
  const writer = new StreamWriter(store as unknown as EventStore, () => 1_000, actorCheckOf(model), () => model.currentPosition);
  const project = () => model.apply(store.log.filter((e) => e.position > model.currentPosition));
  const onUser = (idUser: string, command: Parameters<typeof decideUser>[0], actor?: string | ActingUser, ownAccount?: boolean) => {
    const sid = streamId.user(idUser);
    return writer.execute({
      streams: [sid], actor, ownAccount, metadata: { userId: typeof actor === 'string' ? actor : actor?.idUser ?? 'system' },
      decide: (view) => [{ streamId: sid, events: decideUser(command, view.state<UserState>(sid)) }],
      reply: () => 'committed',
    });
  };
  return { store, model, writer, project, onUser };
}

describe('the actor check inside the write (issue 21 item 21: a command past the guard when its user is disabled)', () => {
  it.each([
    ['the index already has the disable', true],
    ['the index lags: the writer\'s own view of the user stream decides', false],
  ])('a command waiting in a mailbox while its user is disabled is refused in its turn, never committed (%s)', async (_name, indexed) => {
    const { store, project, onUser } = engine();
    await onUser('dealer', { type: 'RegisterUser', data: user('dealer') });
    await onUser('other', { type: 'RegisterUser', data: user('other') });
    project();
    // The other user's stream is busy (its first load held): the dealer's command waits in its mailbox.
    const release = store.holdReadsOf(streamId.user('other'));
    const first = onUser('other', { type: 'EndSession', sid: 's-0', expiresAt: 2_000, now: 1_000 });
    const queued = onUser('other', { type: 'EndSession', sid: 's-1', expiresAt: 2_000, now: 1_000 }, 'dealer');
    // Meanwhile the back-office disables the dealer, and the disable is answered.
    await onUser('dealer', { type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now: 1_000 });
    if (indexed) project();
    release();
    await first;
    await expect(queued).rejects.toMatchObject({ httpStatus: 403, code: 403011 });
    expect(store.log.some((e) => e.type === 'UserSessionEnded' && (e.data as { sid: string }).sid === 's-1')).toBe(false);
  });

  it('an enabled user\'s command runs; a re-enabled one runs again; a deleted one is refused 401', async () => {
    const { project, onUser, model } = engine();
    await onUser('dealer', { type: 'RegisterUser', data: user('dealer') });
    await onUser('admin', { type: 'RegisterUser', data: { ...user('admin'), roles: ['USER', 'ADMIN'] } });
    project();
    await expect(onUser('dealer', { type: 'EndSession', sid: 'a', expiresAt: 2_000, now: 1_000 }, 'dealer')).resolves.toMatchObject({ reply: 'committed' });
    await onUser('dealer', { type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now: 1_000 }, 'admin');
    await expect(onUser('dealer', { type: 'EndSession', sid: 'b', expiresAt: 2_000, now: 1_000 }, 'dealer')).rejects.toBeInstanceOf(AccessError);
    await onUser('dealer', { type: 'SetUserEnabled', flgEnabled: true, by: 'admin', now: 1_000 }, 'admin');
    project();
    expect(model.currentPosition).toBeGreaterThan(0);
    await expect(onUser('dealer', { type: 'EndSession', sid: 'c', expiresAt: 2_000, now: 1_000 }, 'dealer')).resolves.toMatchObject({ reply: 'committed' });
    await onUser('dealer', { type: 'DeleteUser', by: 'admin', now: 1_000 }, 'admin');
    await expect(onUser('dealer', { type: 'EndSession', sid: 'd', expiresAt: 2_000, now: 1_000 }, 'dealer')).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('beyond its own account, a user made read-only or whose dealer is no longer enabled is refused in the turn, as by the guard', async () => {
    const { project, onUser, model } = engine();
    await onUser('viewer', { type: 'RegisterUser', data: { ...user('viewer'), readOnly: true } });
    await onUser('dealer', { type: 'RegisterUser', data: user('dealer') });
    project();
    const end = (sid: string) => ({ type: 'EndSession', sid, expiresAt: 2_000, now: 1_000 }) as const;
    await expect(onUser('viewer', end('a'), 'viewer')).rejects.toMatchObject({ httpStatus: 403, code: 403020 });
    await expect(onUser('viewer', end('b'), 'viewer', true)).resolves.toMatchObject({ reply: 'committed' });
    // The back-office disables the dealer D-1 while the dealer's command waits (the guard let it in before).
    model.dealers.set(streamId.dealer('D-1'), { status: 'DISABLED' } as never);
    await expect(onUser('dealer', end('c'), 'dealer')).rejects.toMatchObject({ httpStatus: 403, code: 403004 });
    await expect(onUser('dealer', end('d'), 'dealer', true)).resolves.toMatchObject({ reply: 'committed' });
    model.dealers.set(streamId.dealer('D-1'), { status: 'ENABLED' } as never);
    await expect(onUser('dealer', end('e'), 'dealer')).resolves.toMatchObject({ reply: 'committed' });
  });

  it('a disable whose append failed does not count: the index decides, and the user still acts (review of #21 item 21)', async () => {
    const { store, project, onUser } = engine();
    await onUser('dealer', { type: 'RegisterUser', data: user('dealer') });
    await onUser('other', { type: 'RegisterUser', data: user('other') });
    project();
    store.failNextAppendOf(streamId.user('dealer'));
    await expect(onUser('dealer', { type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now: 1_000 })).rejects.toThrow('append refused');
    project();
    // The log and the index say enabled; the writer's entry of the dealer holds the disable it never wrote.
    await expect(onUser('other', { type: 'EndSession', sid: 's-2', expiresAt: 2_000, now: 1_000 }, 'dealer')).resolves.toMatchObject({ reply: 'committed' });
  });

  it('a command waiting while its user loses a role its session had is refused 403001 in its turn (a bid after BUYER is taken)', async () => {
    const { store, project, onUser } = engine();
    await onUser('buyer', { type: 'RegisterUser', data: user('buyer') });
    await onUser('other', { type: 'RegisterUser', data: user('other') });
    project();
    // The buyer's command passed the guard with its session's roles (USER, BUYER), then waits behind a busy stream.
    const asGuarded: ActingUser = { idUser: 'buyer', roles: ['USER', 'BUYER'] };
    const release = store.holdReadsOf(streamId.user('other'));
    const first = onUser('other', { type: 'EndSession', sid: 's-0', expiresAt: 2_000, now: 1_000 });
    const queued = onUser('other', { type: 'EndSession', sid: 's-1', expiresAt: 2_000, now: 1_000 }, asGuarded);
    // Meanwhile an administrator takes BUYER (answered before the queued command's turn).
    await onUser('buyer', { type: 'SetUserRoles', roles: ['USER'], by: 'admin', now: 1_000 });
    project();
    release();
    await first;
    await expect(queued).rejects.toMatchObject({ httpStatus: 403, code: 403001 });
    expect(store.log.some((e) => e.type === 'UserSessionEnded' && (e.data as { sid: string }).sid === 's-1')).toBe(false);
    // VISITOR given beside BUYER voids BUYER, as for the guard; a role given meanwhile changes nothing; own account runs.
    await onUser('buyer', { type: 'SetUserRoles', roles: ['USER', 'BUYER', 'VISITOR'], by: 'admin', now: 1_000 });
    project();
    await expect(onUser('buyer', { type: 'EndSession', sid: 's-2', expiresAt: 2_000, now: 1_000 }, asGuarded)).rejects.toMatchObject({ code: 403001 });
    await expect(onUser('buyer', { type: 'EndSession', sid: 's-3', expiresAt: 2_000, now: 1_000 }, asGuarded, true)).resolves.toMatchObject({ reply: 'committed' });
    await onUser('buyer', { type: 'SetUserRoles', roles: ['USER', 'BUYER', 'LOADER'], by: 'admin', now: 1_000 });
    project();
    await expect(onUser('buyer', { type: 'EndSession', sid: 's-4', expiresAt: 2_000, now: 1_000 }, asGuarded)).resolves.toMatchObject({ reply: 'committed' });
  });
});

describe('the writer\'s streams ahead of its index (a dealer\'s disable must see a user moved in just before)', () => {
  it('names a stream written past the index until the index applies it, and only streams of the prefix', async () => {
    const { writer, project, onUser } = engine();
    await onUser('dealer', { type: 'RegisterUser', data: user('dealer') });
    project();
    expect(writer.aheadOfIndex(streamId.user(''))).toEqual([]);
    // Moved into another dealer: written, not yet in the index (a lagging projector).
    await onUser('dealer', { type: 'EditUserByAdmin', change: { idDealer: 'D-2' }, personalFields: [], by: 'admin', now: 1_000 });
    const ahead = writer.aheadOfIndex<UserState>(streamId.user(''));
    expect(ahead.map((u) => u.status === 'ACTIVE' && u.data.idDealer)).toEqual(['D-2']);
    expect(writer.aheadOfIndex(streamId.dealer(''))).toEqual([]);
    project();
    expect(writer.aheadOfIndex(streamId.user(''))).toEqual([]);
  });
});
