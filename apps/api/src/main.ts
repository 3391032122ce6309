import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import { createEventStore } from '@auction/event-store';
import { AppModule } from './app.module.js';
import { loadConfig, type AppConfig } from './config/app-config.js';
import { JsonLogger } from './config/json-logger.js';
import { seedDemoData } from './demo/demo-data.js';
import { toErrorResponse, ErrorFilter } from './http/error.filter.js';
import { loadSessionSecret } from './config/session-secret.js';
import { STREAM_WRITER } from './engine/tokens.js';
import type { StreamWriter } from './engine/stream-writer.js';
import { LiveReadModel } from './read/live-read-model.js';
import { Metrics } from './metrics/metrics.js';
import { instrumentHttp } from './metrics/http-metrics.js';
import { startLive } from './live/live.providers.js';
import { TransitionScheduler } from './scheduler/transition-scheduler.js';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';

/** Starts the API: event store, read model, demo data, scheduler, HTTP. */
export async function bootstrap(config: AppConfig = loadConfig()) {
  const logger = new JsonLogger(config.logLevel, config.logFormat);
  if (config.mode === 'embedded') mkdirSync(config.dataDir, { recursive: true });
  const store = createEventStore({
    databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl,
    dataDir: config.mode === 'embedded' ? join(config.dataDir, 'pglite') : undefined,
  });
  await store.init();
  logger.info(`event store ready: ${store.name}`, { mode: config.mode, dataDir: config.mode === 'embedded' ? config.dataDir : undefined }, 'Bootstrap');
  const sessionSecret = loadSessionSecret(config, logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, store, sessionSecret }),
    new FastifyAdapter({ bodyLimit: 2 * 1024 * 1024 }),
    { logger, bufferLogs: false },
  );
  await app.register(fastifyCookie as never);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.setErrorHandler((error: unknown, _request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) logger.error(error instanceof Error ? error.message : String(error), error instanceof Error ? error.stack : undefined, 'HTTP');
    void reply.status(status).send(body);
  });
  instrumentHttp(fastify, app.get(Metrics));
  app.useGlobalFilters(new ErrorFilter(logger));
  app.enableShutdownHooks();
  await app.init();

  const model = app.get(LiveReadModel);
  const subscription = store.subscribe(0, (batch) => model.apply(batch));
  await model.waitFor(await store.headPosition(), 600_000);
  logger.info('read model caught up', { position: model.currentPosition }, 'Bootstrap');
  if (config.demoData) {
    const hasRunning = [...model.auctions.values()].some((a) => a.status === 'RUN');
    const { users } = await seedDemoData(app.get<StreamWriter>(STREAM_WRITER), config, Date.now(), !hasRunning);
    logger.info('demo data ready', { users }, 'Bootstrap');
    await model.waitFor(await store.headPosition(), 60_000);
  }
  app.get(TransitionScheduler).start();
  await app.listen({ port: config.port, host: config.host });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  logger.info(`API listening on ${url}/api`, { port }, 'Bootstrap');
  logger.info(`OpenAPI description at ${url}/api/docs (JSON: ${url}/api/docs-json)`, {}, 'Bootstrap');
  const metrics = app.get(Metrics);
  const live = await startLive(app, { store, logger, gauge: (name, help, read) => metrics.gauge(name, help, read) });
  if (config.demoData) {
    logger.info(`demo logins: admin, auctioneer, exhibitor, dealer1..dealer${config.demoDealers} with password ${config.demoPassword}`, {}, 'Bootstrap');
  }
  const close = async () => {
    await subscription.close();
    await live.close();
    await app.close();
    await store.close();
  };
  return { app, url, port, close };
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
    process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
