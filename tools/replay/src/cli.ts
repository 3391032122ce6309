#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { PgliteEventStore, PostgresEventStore } from '@auction/event-store';
import { exportNdjson, importNdjson } from './ndjson.js';
import { rebuildCommand } from './rebuild.js';
import { HttpSource, StoreSource, allEvents, type EventSource } from './sources.js';
import { formatTable, replayStream } from './stream-replay.js';

const USAGE = `replay: engineers' tool for the event log and the read models

  replay stream <streamId> [--to-position P | --at ISO] [--json]   state after each event of a stream
  replay tail [--after P] [--follow] [--json]                        print the global log
  replay export [--out FILE] [--after P]                             events as NDJSON (stdout without --out)
  replay import FILE                                                 NDJSON into an empty store (direct mode only)
  replay rebuild                                                     rebuild every read model beside the live one, then swap

Where the events come from:
  --api URL (default $REPLAY_API or http://localhost:3000) with --user (default admin) and --password
  (default $REPLAY_PASSWORD, else $DEMO_PASSWORD, else Demo#2026!): the running product, any mode.
  --database-url URL or --data-dir DIR: the store itself (an embedded data folder only while the product is stopped).`;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    api: { type: 'string' }, user: { type: 'string' }, password: { type: 'string' },
    'database-url': { type: 'string' }, 'data-dir': { type: 'string' },
    'to-position': { type: 'string' }, at: { type: 'string' }, after: { type: 'string' }, out: { type: 'string' },
    json: { type: 'boolean' }, follow: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  },
});

const progress = (label: string) => {
  const started = Date.now();
  return (done: number, note?: string) => {
    const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
    process.stderr.write(`\r${label}: ${done.toLocaleString('en')} events (${rate.toLocaleString('en')}/s)${note ? ` ${note}` : ''}   `);
  };
};

async function openSource(): Promise<EventSource> {
  if (opts['database-url'] || opts['data-dir']) {
    // Exactly the store named on the command line: DATABASE_URL or EVENTSTORE_URL in the environment must not win over it.
    const store = opts['database-url'] ? new PostgresEventStore(opts['database-url']) : new PgliteEventStore({ dataDir: `${opts['data-dir']}/pglite` });
    await store.init();
    return new StoreSource(`${store.name} store`, store);
  }
  const api = opts.api ?? process.env.REPLAY_API ?? 'http://localhost:3000';
  const password = opts.password ?? process.env.REPLAY_PASSWORD ?? process.env.DEMO_PASSWORD ?? 'Demo#2026!';
  return HttpSource.login(api, opts.user ?? 'admin', password);
}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

async function main(): Promise<void> {
  const [command, arg] = positionals;
  if (opts.help || !command) return void console.log(USAGE);
  const source = await openSource();
  try {
    switch (command) {
      case 'stream': {
        if (!arg) throw new Error('replay stream needs a stream id, e.g. lot-<idLot>');
        const at = opts.at ? new Date(opts.at) : undefined;
        if (at && Number.isNaN(at.getTime())) throw new Error('--at must be an ISO instant');
        const steps = replayStream(arg, await source.readStream(arg), { toPosition: number('to-position', opts['to-position']), at });
        if (steps.length === 0) throw new Error(`no events in ${arg} up to that point`);
        console.log(opts.json ? steps.map((s) => JSON.stringify(s)).join('\n') : formatTable(steps));
        return;
      }
      case 'tail': {
        let after = number('after', opts.after) ?? 0;
        for (;;) {
          for await (const page of allEvents(source, after)) {
            for (const e of page) {
              console.log(opts.json ? JSON.stringify(e) : `${e.position}\t${e.recordedAt.toISOString()}\t${e.streamId}@${e.streamVersion}\t${e.type}\t${JSON.stringify(e.data)}`);
            }
            after = page.at(-1)!.position;
          }
          if (!opts.follow) return;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      case 'export': {
        const count = await exportNdjson(source, opts.out ?? null, number('after', opts.after) ?? 0, progress('exported'));
        process.stderr.write(`\nexported ${count} events${opts.out ? ` to ${opts.out}` : ''}\n`);
        return;
      }
      case 'import': {
        if (!arg) throw new Error('replay import needs an NDJSON file');
        if (!(source instanceof StoreSource)) throw new Error('import writes to a store: give --database-url or --data-dir (product stopped)');
        const existing = await source.readAll(0, 1);
        if (existing.length > 0) throw new Error('the target store is not empty: import only restores into an empty store');
        const count = await importNdjson(source, arg, progress('imported'));
        process.stderr.write(`\nimported ${count} events\n`);
        return;
      }
      case 'rebuild':
        await rebuildCommand(source, opts['database-url']);
        return;
      default:
        throw new Error(`unknown command ${command}\n\n${USAGE}`);
    }
  } finally {
    await source.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`replay: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
