import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { QueryInt } from '@auction/contracts';
import type { EventStore } from '@auction/event-store';
import type { Actor } from '../../identity/actor.js';
import { EveryMarket } from '../../identity/resource-scope.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { EVENT_STORE } from '../engine/tokens.js';
import { upcastStored } from '../engine/upcasters.js';
import { parse } from '../http/validation.js';

const StreamIdParam = z.string().min(1).max(160).regex(/^(auction|lot|vehicle|user|dealer)-[A-Za-z0-9_-]+$/, 'must be a stream id such as auction-<id>');
const LogQuery = z.object({ after: QueryInt(0, Number.MAX_SAFE_INTEGER).default(0), limit: QueryInt(1, 1000).default(100) });
/** Most events one answer of a stream holds; the next page starts at the last one's streamVersion + 1. */
export const STREAM_PAGE_MAX = 1000;
const StreamQuery = z.object({ fromVersion: QueryInt(1, Number.MAX_SAFE_INTEGER).default(1), limit: QueryInt(1, STREAM_PAGE_MAX).default(STREAM_PAGE_MAX) });

/**
 * Engineers' view of the event log (ADMIN only): one stream (a user's or dealer's of the caller's markets only, checked
 * by the access guard's resource scope), or a page of the global log (an administrator of every market only).
 */
@Controller('api/v1/admin/events')
@Roles('ADMIN')
export class EventsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** One page of a stream: at most `limit` events from `fromVersion` (a lot with thousands of offers is never one answer). */
  @Get('stream/:streamId')
  async stream(@Param('streamId') streamId: string, @Query() query: unknown) {
    const id = parse(StreamIdParam, streamId, 'streamId');
    const { fromVersion, limit } = parse(StreamQuery, query, 'query');
    // Only the page's versions are read (a stream's versions are 1, 2, 3...): a lot of 100,000 offers is never read whole
    // for a page of 1,000, nor 100 times over by a reader going through it page by page.
    const toVersion = Math.min(fromVersion + limit - 1, Number.MAX_SAFE_INTEGER);
    const events = (await this.store.readStream(id, { fromVersion, toVersion })).slice(0, limit);
    // Upcast like every reader: old bodies are lifted, and secrets of earlier releases never leave the store.
    return events.map(upcastStored);
  }

  @Get('log')
  @EveryMarket()
  async log(@Query() query: unknown) {
    const { after, limit } = parse(LogQuery, query, 'query');
    return (await this.store.readAll(after, limit)).map(upcastStored);
  }
}
