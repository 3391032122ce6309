import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReadModelDb } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import { Projector } from './projector.js';
import { generateScenario } from './testing/scenario.test-support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'read-models-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('PGlite read models in a data directory', () => {
  it('keep their tables and checkpoints across a restart', async () => {
    const { events } = generateScenario({ seed: 4, auctions: 6 });
    const first = await createReadModelDb({ dataDir });
    await new Projector({ db: first }).apply(events.slice(0, 100));
    const before = await dumpTables(first, first.schema);
    await first.close();
    expect(readdirSync(dataDir)).toContain('PG_VERSION');

    const again = await createReadModelDb({ dataDir });
    expect(await dumpTables(again, again.schema)).toEqual(before);
    const projector = new Projector({ db: again });
    expect(await projector.resumePosition()).toBe(events[99]!.position);
    await projector.apply(events);
    expect((await dumpTables(again, again.schema))['checkpoints']!.length).toBeGreaterThan(before['checkpoints']!.length);
    await again.close();
  });
});
