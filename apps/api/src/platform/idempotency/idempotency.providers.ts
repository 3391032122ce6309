import type { Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { FANOUT } from '../engine/tokens.js';
import { WRITER_OWNERSHIP, type WriterOwnership } from '../cluster/writer-ownership.js';
import type { Fanout } from '../fanout/fanout.js';
import { SqlIdempotencyStore } from './idempotency-store.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IDEMPOTENCY_STORE } from './idempotency.tokens.js';

/** Providers of `Idempotency-Key` for `AppModule.forRoot`: the table on the read models' connection and the interceptor. */
export const IDEMPOTENCY_PROVIDERS: Provider[] = [
  {
    provide: IDEMPOTENCY_STORE, inject: [FANOUT, WRITER_OWNERSHIP],
    useFactory: (fanout: Fanout, ownership: WriterOwnership) => new SqlIdempotencyStore(fanout.db, { id: () => ownership.instanceId, live: () => ownership.liveInstances() }),
  },
  { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
];
