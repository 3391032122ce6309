import { describe, expect, test } from '@jest/globals';
import { createServer } from 'node:net';
import pg from 'pg';
import { API_ERROR_CODES } from '@auction/contracts';
import { CommitOutcomeUnknownError, WrongExpectedVersionError } from '@auction/event-store';
import { freePort } from '../../testing/server.test-support.js';
import { isDatabaseUnreachable, toErrorResponse } from './error.filter.js';

describe('toErrorResponse: the event store\'s refusals', () => {
  test('a write whose COMMIT the database did not confirm is a 503 to retry, not a 500', () => {
    const { status, body } = toErrorResponse(new CommitOutcomeUnknownError('1234', new Error('connect ECONNREFUSED')));
    expect(status).toBe(503);
    expect(body.errorCode).toBe(API_ERROR_CODES.UNAVAILABLE);
    expect(body.errorMsg).not.toContain('1234');
  });

  test('a version conflict is a 503 too; an unknown error stays a 500 without its text', () => {
    expect(toErrorResponse(new WrongExpectedVersionError('s', 1, 2)).status).toBe(503);
    const unknown = toErrorResponse(new Error('secret detail'));
    expect(unknown).toEqual({ status: 500, body: { errorCode: API_ERROR_CODES.INTERNAL, errorMsg: 'internal error' } });
  });
});

const caught = (p: Promise<unknown>) => p.then(() => { throw new Error('no error'); }, (error: unknown) => error);

describe('toErrorResponse: a database that cannot be reached is a 503, with what pg really throws', () => {
  test('refused: nothing listens on the port', async () => {
    const client = new pg.Client({ connectionString: `postgres://x:y@127.0.0.1:${await freePort()}/db` });
    const error = await caught(client.connect());
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(toErrorResponse(error)).toEqual({ status: 503, body: { errorCode: API_ERROR_CODES.UNAVAILABLE, errorMsg: 'a service this call needs is not reachable: retry' } });
  });

  test('dropped: the server closes the connection in the middle of a query', async () => {
    const server = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const client = new pg.Client({ connectionString: `postgres://x:y@127.0.0.1:${port}/db` });
    client.on('error', () => {});
    const error = await caught(client.connect());
    server.close();
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(toErrorResponse(error).status).toBe(503);
  });

  test('terminated by the server (57P01, a restart or pg_terminate_backend), also wrapped as TypeORM wraps it', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start tools/infra (bash tools/infra/infra.sh start postgres)');
    const victim = new pg.Client({ connectionString: url });
    victim.on('error', () => {});
    const admin = new pg.Client({ connectionString: url });
    await Promise.all([victim.connect(), admin.connect()]);
    try {
      const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const sleeping = caught(victim.query('SELECT pg_sleep(10)'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const error = await sleeping;
      expect((error as { code?: string }).code).toBe('57P01');
      expect(toErrorResponse(error).status).toBe(503);
      const wrapped = Object.assign(new Error('QueryFailedError: terminating connection'), { driverError: error });
      expect(toErrorResponse(wrapped).status).toBe(503);
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  test('a protocol violation (08P01, class 08 too) is a bug, a 500: a query sent with a parameter too few', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start tools/infra (bash tools/infra/infra.sh start postgres)');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const error = await caught(client.query('SELECT $1::int + $2::int AS sum', [1]));
      expect((error as { code?: string }).code).toBe('08P01');
      expect(isDatabaseUnreachable(error)).toBe(false);
      expect(toErrorResponse(Object.assign(new Error('QueryFailedError'), { driverError: error })).status).toBe(500);
      // The connection is still good: nothing was unreachable.
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await client.end();
    }
  });

  test('not every pg error: a syntax error or a unique violation stays what it was', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax error at or near "x"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable('Connection terminated')).toBe(false);
  });
});
