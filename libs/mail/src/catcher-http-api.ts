import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MailError, MAIL_ERROR_CODES, describeError } from './errors.js';
import { consoleMailLogger, type MailLogger } from './logger.js';
import type { SmtpCatcher } from './smtp-catcher.js';

/** A running HTTP API over a catcher; `url` is its base (`http://127.0.0.1:port`). */
export interface CatcherHttpApi {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A small JSON API over an {@link SmtpCatcher}, as Mailpit's for tests that run the catcher in another process:
 * - `GET /messages?to=&limit=&offset=` → `{ total, items }`, newest first
 * - `GET /messages/:id` → one `CaughtMail`, or 404 with `errorCode` 404701
 * - `DELETE /messages` → 204, every kept message forgotten
 * - `GET /health` → `{ status: 'ok', smtpUrl }`
 * Errors are `{ errorCode, errorMsg }` like the API's. It reads mail only: nothing is sent or changed but the delete.
 */
export async function startCatcherHttpApi(
  catcher: SmtpCatcher, options: { host?: string; port?: number; logger?: MailLogger } = {},
): Promise<CatcherHttpApi> {
  const host = options.host ?? '127.0.0.1';
  const server = createCatcherHttpServer(catcher, options.logger ?? consoleMailLogger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}`, port, close: () => closeServer(server) };
}

/**
 * The HTTP server of {@link startCatcherHttpApi}, not listening yet. An error of the server once it listens (an accept
 * failing: the process is out of file descriptors) is logged and it goes on serving, instead of ending the process; one
 * line each, as only local tools and tests connect to it. Its connections' errors are Node's (no 'upgrade' listener).
 */
export function createCatcherHttpServer(catcher: SmtpCatcher, logger: MailLogger): Server {
  const server = createServer((req, res) => handle(catcher, req, res));
  server.on('error', (error) => {
    if (server.listening) logger.warn(`catcher HTTP API: server error (it goes on serving): ${describeError(error)}`);
  });
  return server;
}

function handle(catcher: SmtpCatcher, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://catcher');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  try {
    if (path === '/health' && req.method === 'GET') return json(res, 200, { status: 'ok', smtpUrl: catcher.url });
    if (path === '/messages') {
      if (req.method === 'GET') {
        return json(res, 200, catcher.list({
          limit: intParam(url, 'limit'),
          offset: intParam(url, 'offset'),
          ...(url.searchParams.get('to') ? { to: url.searchParams.get('to')! } : {}),
        }));
      }
      if (req.method === 'DELETE') {
        catcher.clear();
        res.writeHead(204).end();
        return;
      }
      return methodNotAllowed(res, 'GET, DELETE');
    }
    const match = /^\/messages\/([^/]+)$/.exec(path);
    if (match) {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      const mail = catcher.get(decodeURIComponent(match[1]!));
      if (!mail) return json(res, 404, { errorCode: MAIL_ERROR_CODES.NOT_FOUND, errorMsg: 'no caught mail with that id' });
      return json(res, 200, mail);
    }
    return json(res, 404, { errorCode: MAIL_ERROR_CODES.NOT_FOUND, errorMsg: 'unknown path: GET /messages, GET /messages/:id, DELETE /messages, GET /health' });
  } catch (error) {
    if (error instanceof MailError) return json(res, error.httpStatus, { errorCode: error.errorCode, errorMsg: error.message });
    return json(res, 400, { errorCode: MAIL_ERROR_CODES.QUERY_INVALID, errorMsg: 'bad request' });
  }
}

/** A whole-number query parameter, `undefined` when absent; anything else is left for `list` to refuse. */
function intParam(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new MailError('QUERY_INVALID', `${name} must be a whole number`);
  return Number(value);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('allow', allow);
  json(res, 405, { errorCode: MAIL_ERROR_CODES.METHOD_NOT_ALLOWED, errorMsg: `method not allowed (allowed: ${allow})` });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
