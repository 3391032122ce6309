import { describeEventStoreContract } from './contract.test-support.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

const eventStoreUrl = process.env['EVENTSTORE_URL'];
if (!eventStoreUrl) console.warn('[eventstoredb] EVENTSTORE_URL is not set: the EventStoreDB suite is skipped');

describeEventStoreContract(
  'eventstoredb',
  async () => {
    const store = new EventStoreDbEventStore(eventStoreUrl!);
    await store.init();
    return store;
  },
  {
    skip: eventStoreUrl ? undefined : 'EVENTSTORE_URL is not set',
    // EventStoreDB has no multi-stream transaction: appendMulti checks the versions, then appends
    // stream after stream, so a failure in between leaves the earlier streams written.
    nonAtomicAppendMulti: 'EventStoreDB has no multi-stream transactions; appendMulti is sequential appends',
  },
);
