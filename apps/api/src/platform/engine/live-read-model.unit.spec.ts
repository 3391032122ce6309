import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@auction/event-store';
import { LiveReadModel, type NameClaim } from './live-read-model.js';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent =>
  ({ streamId, type, data, metadata: {}, schemaVersion: 1, position: ++position, recordedAt: new Date(0) }) as unknown as StoredEvent;
const registered = (idUser: string, username?: string) => event(`user-${idUser}`, 'UserRegistered', {
  idUser, ...(username ? { username } : {}), roles: ['USER', 'BUYER'], idDealer: 'D-1', idMarket: 'IT', preferredLanguage: 'en',
  consent1: true, consent2: true, consent3: true, flgEnabled: true,
});
const anonymised = (idUser: string) => event(`user-${idUser}`, 'UserAnonymised', { idUser, by: 'admin', at: 1 });
const claim = (name: string): NameClaim => ({ key: name.toLowerCase(), display: name });
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('LiveReadModel: usernames from the claims, not from the log', () => {
  it('names a user from the claims loaded before the replay; the name leads to the id, any case', () => {
    const model = new LiveReadModel();
    model.loadNames([['u1', claim('Nina@Example.com')]]);
    model.apply([registered('u1')]);
    expect(model.usernameOf('u1')).toBe('Nina@Example.com');
    expect(model.userIdByName.get('nina@example.com')).toBe('u1');
  });

  it('uses the username of a body of an earlier release when there is no claim, the claim when there is one', () => {
    const model = new LiveReadModel();
    model.apply([registered('old', 'Veteran')]);
    expect(model.usernameOf('old')).toBe('Veteran');
    expect(model.userIdByName.get('veteran')).toBe('old');
    const claimed = new LiveReadModel();
    claimed.loadNames([['old', { key: 'veteran', display: null }]]);
    claimed.apply([registered('old', 'Veteran')]);
    expect(claimed.usernameOf('old')).toBe('Veteran');
  });

  it('fetches the claim of a user registered elsewhere; meanwhile the name reads the id and leads nowhere', async () => {
    const model = new LiveReadModel();
    let release: (c: NameClaim) => void = () => undefined;
    model.setNameLookup(() => new Promise((resolve) => { release = resolve; }));
    model.apply([registered('u2')]);
    expect(model.usernameOf('u2')).toBe('u2');
    expect(model.userIdByName.has('u2')).toBe(false);
    release(claim('late@example.com'));
    await settle();
    expect(model.usernameOf('u2')).toBe('late@example.com');
    expect(model.userIdByName.get('late@example.com')).toBe('u2');
  });

  it('follows the claims of this instance: a claim after the event names the user, a release forgets the name', () => {
    const model = new LiveReadModel();
    model.apply([registered('u3')]);
    model.nameClaimed('u3', claim('Mine@example.com'));
    expect(model.usernameOf('u3')).toBe('Mine@example.com');
    model.nameReleased('u3', 'mine@EXAMPLE.com');
    expect(model.userIdByName.has('mine@example.com')).toBe(false);
  });

  it('an anonymised user reads anonymous-<idUser>, also from a legacy body, and the old name leads nowhere', () => {
    const model = new LiveReadModel();
    model.loadNames([['u4', claim('gone@example.com')]]);
    model.apply([registered('u4'), registered('u5', 'legacy@example.com'), anonymised('u4'), anonymised('u5')]);
    expect(model.usernameOf('u4')).toBe('anonymous-u4');
    expect(model.usernameOf('u5')).toBe('anonymous-u5');
    expect(model.userIdByName.has('gone@example.com')).toBe(false);
    expect(model.userIdByName.has('legacy@example.com')).toBe(false);
    model.nameClaimed('u4', claim('gone@example.com'));
    expect(model.usernameOf('u4')).toBe('anonymous-u4');
  });

  it('an unknown id reads as itself', () => {
    expect(new LiveReadModel().usernameOf('nobody')).toBe('nobody');
  });
});
