import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { createEventStore, type EventStore } from '@auction/event-store';
import { defaultTemplateFolder, placeFreshClusters } from './platform/storage/pglite-template.js';
import { AppModule } from './app.module.js';
import { CredentialsService } from './identity/credentials.service.js';
import { SsoService } from './identity/sso/sso.service.js';
import { loadConfig, type AppConfig } from './platform/config/app-config.js';
import { describeStartFailure, serviceUnreachable } from './platform/config/startup-error.js';
import { DEFAULT_DEMO_PASSWORD } from './platform/config/security-config.js';
import { JsonLogger } from './platform/config/json-logger.js';
import { loadSessionSecret } from './platform/config/session-secret.js';
import { seedDemoData } from './demo/demo-data.js';
import { PERSONAL_DATA_STORE, type PersonalDataStore } from './identity/accounts/personal-data.js';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { UsernameClaims } from './identity/accounts/username-claims.js';
import type { StreamWriter } from './platform/engine/stream-writer.js';
import { CLOCK, SESSION_SECRET, STREAM_WRITER, type Clock } from './platform/engine/tokens.js';
import { Fanout } from './platform/fanout/fanout.js';
import { stampArrival } from './platform/http/arrival-time.js';
import { exactJsonParser } from './platform/http/exact-json.js';
import { ErrorFilter } from './platform/http/error.filter.js';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors.js';
import { secureHttp } from './platform/http/http-security.js';
import { normalizeRequestTarget } from './platform/http/request-target.js';
import { plainForwardedAddresses } from './platform/http/forwarded-for.js';
import { answerMethodNotAllowed } from './platform/http/method-not-allowed.js';
import { serveWebClient } from './platform/http/web-client.js';
import { keepSocketErrorsHandled } from './platform/http/upgrade-sockets.js';
import { liveFirstScreen } from './auctions/http/live-first-screen.js';
import { portalPages } from './partners/portal/portal-pages.js';
import { Templates } from './partners/templates/templates.service.js';
import { UploadsService } from './identity/registration/uploads.service.js';
import { compressAnswers } from './platform/http/compression.js';
import { openMailService, type MailLogger } from '@auction/mail';
import { startLive } from './platform/live/live.providers.js';
import { watchEdgeChanges } from './platform/live/live-edge-control.js';
import { liveEdgeOrigins, loadLiveConfig } from './platform/live/live-config.js';
import { instrumentHttp } from './platform/metrics/http-metrics.js';
import { Metrics } from './platform/metrics/metrics.js';
import { LiveReadModel } from './platform/engine/live-read-model.js';
import { Readiness } from './platform/http/readiness.js';
import { MailSender } from './communication/email/mail-sender.js';
import { LotOutcomeReactor } from './vehicles/lot-outcome-reactor.js';
import { TransitionScheduler } from './auctions/scheduler/transition-scheduler.js';
import { OffersInFlight, holdOffersInFlight } from './auctions/scheduler/offers-in-flight.js';
import { WriterLeases } from './platform/cluster/writer-leases.js';
import { forwardAuctionWrites, writerForwardLimits } from './platform/cluster/forward-writes.js';
import { writerOfShards } from './auctions/scheduler/take-over.js';

/** Largest request body (JSON or form); uploads have their own limits (multipart.ts). */
const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Starts the product: event store, fan-out (transport, relay, read-model projector), the engine's index,
 * demo data, scheduler, HTTP, and the live channel. Logs one line per started service with its URL.
 */
export async function bootstrap(config: AppConfig = loadConfig()) {
  const logger = new JsonLogger(config.logLevel, config.logFormat);
  if (config.mode === 'embedded' || !config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  // Embedded: new data folders start from a fresh cluster's files instead of two initdb runs (platform/storage).
  const [freshLog, freshReadModels] = config.mode === 'embedded'
    ? await placeFreshClusters([join(config.dataDir, 'pglite'), join(config.dataDir, 'read-models')], config.pgliteTemplateDir === null ? null : config.pgliteTemplateDir ?? defaultTemplateFolder())
    : [undefined, undefined];
  const store = await openEventStore(config, freshLog);
  logger.info(`event store ready: ${store.name}`, { mode: config.mode, dataDir: config.mode === 'embedded' ? config.dataDir : undefined }, 'Bootstrap');
  const fanout = await Fanout.open(store, config, logger, freshReadModels);
  const mail = await openMailService({ SMTP_URL: config.mail.smtpUrl, MAIL_FROM: config.mail.from }, { logger: mailLogger(logger) });
  // Server mode: which instance writes which auction, by leases in the database (platform/cluster).
  const leases = config.writer.leases
    ? new WriterLeases(fanout.db, { instanceId: config.instanceId, shards: config.writer.shards, leaseMs: config.writer.leaseMs, warn: (m) => logger.warn(m, 'WriterLeases') })
    : undefined;
  let selfUrl = '';
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, store, fanout, mail, sessionSecret: loadSessionSecret(config, logger), ownership: leases }),
    new FastifyAdapter({
      bodyLimit: BODY_LIMIT,
      // X-Forwarded-For/-Proto/-Host are believed only when TRUST_PROXY says a proxy sets them.
      trustProxy: config.trustProxy as boolean | string, // a hop count is a function: Fastify's option, narrower in Nest's type
      // Every spelling of a path reaches the route it names (and so that route's guard): see request-target.ts.
      rewriteUrl: (req: { url?: string }) => normalizeRequestTarget(req.url ?? '/'),
      // maxParamLength: the longest path parameter a route reads, an event stream's id (160, events.controller.ts);
      // Fastify's default, 100, answered 414 to a valid one.
      routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false, maxParamLength: 160 },
      // Errors raised before a route is matched, or by Node's HTTP parser, answer with a numeric errorCode too.
      frameworkErrors, clientErrorHandler,
    }),
    { logger, bufferLogs: false },
  );
  // X-Forwarded-For entries with a port (`203.0.113.7:51234`) read as their address, before any hook asks request.ip.
  if (config.trustProxy !== false) plainForwardedAddresses(app.getHttpAdapter().getInstance());
  // The instant each request's bytes arrived (its head, or its body when sent apart), by which an offer is judged (arrival-time.ts).
  stampArrival(app.getHttpAdapter().getInstance(), app.get<Clock>(CLOCK));
  // A write on an auction another instance writes is passed to that instance (forward-writes.ts).
  if (leases) {
    const clock = app.get<Clock>(CLOCK);
    forwardAuctionWrites(app.getHttpAdapter().getInstance() as never, leases, () => selfUrl, app.get<Buffer>(SESSION_SECRET), () => clock.now(),
      writerForwardLimits(config.writer.leaseMs));
  }
  // Offers between their arrival and their lot's mailbox hold that lot's closing, up to a cap (offers-in-flight.ts).
  holdOffersInFlight(app.getHttpAdapter().getInstance() as never, app.get(OffersInFlight));
  // A declared path called with another method: 405 with Allow, from the routes added from here on (method-not-allowed.ts).
  answerMethodNotAllowed(app.getHttpAdapter().getInstance());
  // Every JSON body is checked on its text: a key twice, or a number not read as written, is 400 (exact-json.ts).
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, exactJsonParser(app.getHttpAdapter().getInstance()) as never);
  // Cookies are Secure when the request came over HTTPS ('auto': request.protocol), or always with COOKIE_SECURE.
  await app.register(fastifyCookie as never, { parseOptions: { secure: config.cookieSecure ? true : 'auto' } } as never);
  // With LIVE_EDGE=mosquitto the pages connect to Mosquitto's WebSocket listener: its origin is in their connect-src.
  const liveOrigins = liveEdgeOrigins(loadLiveConfig());
  await secureHttp(app, config, fanout.db, liveOrigins);
  // The embedded OpenID Connect issuer's routes under /oidc (started below, once the port is known).
  const sso = app.get(SsoService);
  if (sso.embedded) await sso.embedded.register(app.getHttpAdapter().getInstance() as never);
  // Body-parser errors (bad JSON, too large, wrong media type) reach Nest's filter too: no Fastify error handler needed.
  const fastify = app.getHttpAdapter().getInstance();
  keepSocketErrorsHandled(fastify.server, { warn: (message, extra) => logger.warn(`${message} ${JSON.stringify(extra ?? {})}`, 'HTTP') });
  const metrics = app.get(Metrics);
  instrumentHttp(fastify, metrics);
  app.useGlobalFilters(new ErrorFilter(logger));
  // Before the web client's static files: the plugin must come first (it leaves their precompressed files as they are).
  await compressAnswers(fastify as never);
  // The live auction page comes with its first screen and its first answers in the HTML (issue 22, speed); the public
  // portal's pages are drawn by the server (issue 23).
  const webClient = await serveWebClient(fastify as never, config.webDist, {
    pages: [liveFirstScreen(fastify as never), portalPages(fastify as never, config.webDist, config.portal)],
    warn: (message, error) => logger.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`, 'WebClient'),
    connectTo: liveOrigins,
  });
  app.enableShutdownHooks();
  await app.init();

  const model = app.get(LiveReadModel);
  const subscription = store.subscribe(0, (batch) => model.apply(batch));
  await model.waitFor(await store.headPosition(), 600_000);
  logger.info('engine index caught up', { position: model.currentPosition }, 'Bootstrap');
  const readiness = app.get(Readiness);
  readiness.markEngineCaughtUp(model.currentPosition);
  if (config.demoData) {
    const hasRunning = [...model.auctions.values()].some((a) => a.status === 'RUN');
    const { users } = await seedDemoData(app.get<StreamWriter>(STREAM_WRITER), app.get(CredentialsService), config, Date.now(), !hasRunning, {
      personalData: app.get<PersonalDataStore>(PERSONAL_DATA_STORE), usernames: app.get(UsernameClaims), blobs: app.get<BlobStore>(BLOB_STORE),
    }, (command) => app.get(CommandBus).execute(command));
    await model.waitFor(await store.headPosition(), 60_000);
    logger.info('demo data ready', { users }, 'Bootstrap');
  }
  await fanout.start();
  readiness.markFanoutStarted();
  registerLagGauges(metrics, fanout);
  // Offers between their arrival and their lot's mailbox: 0 when idle, whatever was refused, aborted or replayed.
  const inFlight = app.get(OffersInFlight);
  metrics.gauge('offers_in_flight', 'Offers received and not yet in their lot\'s mailbox (nor answered), holding a closing', async () => inFlight.size);
  app.get(TransitionScheduler).start();
  // Lots with an event after its checkpoint: what ended while the product was down, or before the vehicle moved.
  await app.get(LotOutcomeReactor).start();
  // Requests are served from the listen on, the live channel's edge control starts later: what they change meanwhile is kept for it.
  const edgeBacklog = watchEdgeChanges(model);
  await app.listen({ port: config.port, host: config.host });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  logger.info(`API listening on ${url}/api`, { port }, 'Bootstrap');
  // The relying party and the embedded issuer need the port, and nothing else that follows: started at once, so that a
  // sign-in that reaches the listener is never refused as "issuer unavailable" (/?ssoError=) while the writer leases
  // are still being taken (seconds on a busy PostgreSQL: issuer-sessions.e2e failed so on a loaded CI run).
  sso.start(port, logger);
  if (leases) {
    selfUrl = config.writer.url ?? `http://127.0.0.1:${port}`;
    leases.onChange(writerOfShards(app.get<StreamWriter>(STREAM_WRITER), app.get(TransitionScheduler), config.writer.shards));
    // Without INSTANCE_ID, the host and port name the instance: one restarted on its port takes its leases back at once.
    await leases.start(selfUrl, config.writer.explicitId ? undefined : `${hostname()}:${port}`);
    logger.info(`writer leases: instance ${leases.instanceId} at ${selfUrl} writes ${leases.owned().length} of ${leases.shards} auction shards`, { leaseMs: config.writer.leaseMs }, 'Bootstrap');
  }
  if (config.demoData && config.demoBanners) {
    // The demo partners' logos are drawn and stored as the administrator's uploads, then set as an admin's edit does.
    void import('./demo/demo-logos.js')
      .then(({ seedDemoLogos }) => seedDemoLogos(app.get(UploadsService), app.get(Templates), model))
      .then((logos) => { if (logos > 0) logger.info('demo partner logos ready', { logos }, 'Bootstrap'); })
      .catch((error: unknown) => logger.warn(`demo partner logos not seeded: ${String(error)}`, 'Bootstrap'));
    // The demo's home banners are drawn and encoded (AVIF, WebP) once, after the start: they appear within seconds.
    void import('./demo/demo-banners.js')
      .then(({ seedDemoBanners }) => seedDemoBanners(app.get<StreamWriter>(STREAM_WRITER), app.get<BlobStore>(BLOB_STORE), model, Date.now()))
      .then((banners) => { if (banners > 0) logger.info('demo banners ready', { banners }, 'Bootstrap'); })
      .catch((error: unknown) => logger.warn(`demo banners not seeded: ${String(error)}`, 'Bootstrap'));
  }
  logger.info(`single sign-on: ${sso.embedded ? 'embedded OpenID Connect issuer' : 'OpenID Connect issuer'} at ${sso.issuerUrl}`, { clientId: config.oidc.clientId }, 'Bootstrap');
  if (mail.catcher) logger.info(`mail: SMTP_URL is unset, mail is caught in process at ${mail.catcher.url} (listed in this log and to administrators)`, {}, 'Bootstrap');
  else logger.info('mail: sent through SMTP_URL', { from: mail.mailer.from.address }, 'Bootstrap');
  if (webClient) logger.info(`web client at ${url}/`, { dist: config.webDist }, 'Bootstrap');
  else logger.warn(`web client not built (no ${config.webDist}/index.html): run npm run build`, 'Bootstrap');
  logger.info(`OpenAPI description at ${url}/api/docs (JSON: ${url}/api/docs-json)`, {}, 'Bootstrap');
  logger.info(`Prometheus metrics at ${url}/metrics (${config.metricsToken ? 'bearer METRICS_TOKEN' : 'local clients only: set METRICS_TOKEN to scrape remotely'})`, {}, 'Bootstrap');
  const live = await startLive(app, { store, logger, transport: fanout.transport, edgeBacklog, gauge: (name, help, read) => metrics.gauge(name, help, read) });
  readiness.markLiveStarted();
  logger.info(`ready: ${url}/api/ready`, { instanceId: config.instanceId }, 'Bootstrap');
  if (config.demoData) {
    // A chosen password is a secret: only the documented default is printed.
    const password = config.demoPassword === DEFAULT_DEMO_PASSWORD ? `password ${DEFAULT_DEMO_PASSWORD}` : 'the password from DEMO_PASSWORD';
    logger.info(`demo logins: admin, auctioneer, exhibitor, dealer1..dealer${config.demoDealers} with ${password}`, {}, 'Bootstrap');
  }
  const close = async () => {
    readiness.markStopping();
    await leases?.stop();
    await live.close();
    // The mail sender gives back the outbox mails it claimed but the relay did not take, on fanout's connection: before
    // that closes (else they stay leased, and unsent, for LEASE_MS). Nest's own shutdown hook runs this too: it is idempotent.
    await app.get(MailSender).onApplicationShutdown();
    await fanout.close();
    await subscription.close();
    await app.close();
    await mail.close();
    await store.close();
  };
  return { app, url, port, close };
}

function registerLagGauges(metrics: Metrics, fanout: Fanout): void {
  let cached: { at: number; value: Awaited<ReturnType<Fanout['lag']>> } | null = null;
  const lag = async () => {
    if (!cached || Date.now() - cached.at > 500) cached = { at: Date.now(), value: await fanout.lag() };
    return cached.value;
  };
  metrics.gauge('projection_lag_events', 'Global positions the projection is behind the log', async () => (await lag()).projectionLag ?? Number.NaN, { projection: 'read_models' });
  metrics.gauge('relay_lag_events', 'Global positions the Kafka relay is behind the log (0 with the in-process transport)', async () => (await lag()).relayLag ?? 0);
  metrics.gauge('projection_parked_events', 'Events the projection failed on and went past (GET /api/v1/admin/read-models/parked)', async () => (await lag()).parkedEvents, { projection: 'read_models' });
  metrics.gauge('projection_failing', '1 while projection batches fail (each is delivered again), else 0', async () => ((await lag()).failing ? 1 : 0), { projection: 'read_models' });
  metrics.gauge('event_log_head_position', 'Global position of the last event in the log', async () => (await lag()).head);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bootstrap().then(({ close }) => {
    let closing = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (closing) return;
        closing = true;
        close().then(() => process.exit(0), () => process.exit(1));
      });
    }
  }).catch((err: unknown) => {
    process.stderr.write(`${describeStartFailure(err)}\n`);
    process.exit(1);
  });
}

/** The event store, initialized; an EventStoreDB URL refused or not answering is named as such (no stack). */
async function openEventStore(config: AppConfig, freshLog: Blob | undefined): Promise<EventStore> {
  const store = await createEventStore({
    databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl,
    dataDir: config.mode === 'embedded' ? join(config.dataDir, 'pglite') : undefined,
    loadDataDir: freshLog, sharedBuffers: config.pgliteSharedBuffers,
  }).catch((err: unknown) => {
    throw config.eventStoreUrl ? serviceUnreachable('EVENTSTORE_URL', 'not an EventStoreDB connection string', err) : err;
  });
  try {
    await store.init();
  } catch (err) {
    if (!config.eventStoreUrl) throw err;
    await store.close().catch(() => undefined);
    throw serviceUnreachable('EVENTSTORE_URL', 'EventStoreDB refused or did not answer', err);
  }
  return store;
}

/** The mail library's log lines, in the API's log (context `Mail`). */
function mailLogger(logger: JsonLogger): MailLogger {
  return {
    info: (message, extra) => logger.info(message, extra ?? {}, 'Mail'),
    warn: (message, extra) => logger.warn(extra ? `${message} ${JSON.stringify(extra)}` : message, 'Mail'),
  };
}
