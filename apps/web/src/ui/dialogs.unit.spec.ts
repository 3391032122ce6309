import { describe, expect, it } from 'vitest';
import { Dialogs } from './dialogs.js';

describe('Dialogs', () => {
  it('queues dialogs and resolves each with its answer, in order', async () => {
    const dialogs = new Dialogs();
    const first = dialogs.confirm('auction:regulation.text');
    const second = dialogs.error(409003);
    expect(dialogs.queue.get().map((d) => d.kind)).toEqual(['confirm', 'error']);
    dialogs.close(dialogs.queue.get()[0]!.id, true);
    await expect(first).resolves.toBe(true);
    expect(dialogs.queue.get()).toHaveLength(1);
    expect(dialogs.queue.get()[0]!.errorCode).toBe(409003);
    dialogs.close(dialogs.queue.get()[0]!.id, false);
    await expect(second).resolves.toBe(false);
    expect(dialogs.queue.get()).toHaveLength(0);
  });

  it('ignores closing an unknown dialog', () => {
    const dialogs = new Dialogs();
    void dialogs.success();
    dialogs.close(999, true);
    expect(dialogs.queue.get()).toHaveLength(1);
  });
});
