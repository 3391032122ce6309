import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteEventStore } from '@auction/event-store';
import { exportNdjson } from './ndjson.js';
import { StoreSource, allEvents } from './sources.js';
import { replayStream } from './stream-replay.js';

const SECRET = /passwordHash|scrypt\$|old\.dealer@example\.com/;

describe('replay tool on a log written by an earlier release (password hash and username in UserRegistered)', () => {
  const store = new PgliteEventStore();
  let dir = '';

  beforeAll(async () => {
    await store.init();
    dir = await mkdtemp(join(tmpdir(), 'replay-secrets-'));
    await store.append('user-old', 0, [{
      type: 'UserRegistered',
      data: {
        idUser: 'old', username: 'old.dealer@example.com', passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5', roles: ['USER', 'BUYER'], idDealer: 'D-1',
        idMarket: 'IT', preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true,
      },
    }, { type: 'UserSessionEnded', data: { idUser: 'old', sid: 's1' } }]);
    // The store itself keeps what was written: the tool must remove it on read.
    expect(JSON.stringify(await store.readStream('user-old'))).toMatch(SECRET);
  });

  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports, tails and replays the stream without the hash and without the username', async () => {
    const source = new StoreSource('src', store);
    const file = join(dir, 'export.ndjson');
    expect(await exportNdjson(source, file, 0, () => undefined)).toBe(2);
    const exported = await readFile(file, 'utf8');
    expect(exported).toContain('"idUser":"old"');
    expect(exported).not.toMatch(SECRET);
    const tailed: unknown[] = [];
    for await (const page of allEvents(source)) tailed.push(...page);
    expect(tailed).toHaveLength(2);
    expect(JSON.stringify(tailed)).not.toMatch(SECRET);
    const events = await source.readStream('user-old');
    expect(JSON.stringify(events)).not.toMatch(SECRET);
    const steps = replayStream('user-old', events);
    expect(steps.at(-1)!.state).toEqual({ status: 'ACTIVE', idUser: 'old', roles: 'USER,BUYER' });
    expect(JSON.stringify(steps)).not.toMatch(SECRET);
  });
});
