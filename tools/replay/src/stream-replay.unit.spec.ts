import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@auction/event-store';
import { replayStream } from './stream-replay.js';

const at = new Date('2026-11-22T10:00:00.000Z');
const event = (position: number, type: string, data: Record<string, unknown>): StoredEvent =>
  ({ position, streamId: 'dealer-D-9', streamVersion: position, type, data, metadata: {}, recordedAt: at } as unknown as StoredEvent);

describe('replay of a dealer stream', () => {
  it('folds a dealer step by step with codes and ids only (it once crashed reading a dealer as a user)', () => {
    const steps = replayStream('dealer-D-9', [
      event(1, 'DealerRegistered', {
        idDealer: 'D-9', idMarket: 'IT', country: 'IT', region: 'MI', typeDealerActivity: 'A', carSold: 'B', buyingInterest: 'C', language: 'it',
        documents: [{ kind: 'visura', idFile: 'f1', mediaType: 'application/pdf', size: 10, sha256: 'ab' }], idReferenceUser: 'U-1',
        registeredAt: at.toISOString(), status: 'PENDING', flgEnabled: false,
      }),
      event(2, 'DealerEnabledChanged', { idDealer: 'D-9', flgEnabled: true, status: 'ENABLED', from: 'PENDING', by: 'admin', at: at.getTime() }),
    ]);
    expect(steps.map((s) => s.state)).toEqual([
      { status: 'PENDING', idDealer: 'D-9', idMarket: 'IT', documents: 1, capabilities: '' },
      { status: 'ENABLED', idDealer: 'D-9', idMarket: 'IT', documents: 1, capabilities: '' },
    ]);
  });
});
