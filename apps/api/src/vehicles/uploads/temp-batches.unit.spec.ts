/**
 * The temporary batches on the SQL store every API instance shares (PGlite in memory; PostgreSQL too when DATABASE_URL
 * is set, with two connections as two instances): the per-user and total bounds, expiry handing back the files, a
 * file found by row or plate, and the save's hold (one of concurrent saves wins, a late file is refused, a failed
 * save opens the batch again, a hold whose instance died lapses).
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import type { VehicleDetails } from '@auction/domain';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { TempBatches, type BatchFile, type TempBatchLimits } from './temp-batches.js';

const details = (plate: string) => ({ licensePlate: plate, frame: `F${plate}`, damageTotal: 350.5, appraisal: null }) as unknown as VehicleDetails;
const photo = (idFile: string): BatchFile => ({ idFile, kind: 'PHOTO', mediaType: 'image/jpeg', size: 1 });
const any = () => true;
const LIMITS: TempBatchLimits = { ttlMs: 1_000, perUser: 2, totalVehicles: 3, saveLeaseMs: 500 };

describe.each(READ_MODEL_MODES)('temporary batches on %s (#24 item 1)', (mode) => {
  let a!: ReadModelDb;
  let b!: ReadModelDb;
  withFreshReadModelDb(mode, ([first, second]) => { a = first!; b = second!; }, 2);
  /** Two instances' stores on the one database, from an empty table. */
  const fresh = async (limits = LIMITS) => {
    const stores = [new TempBatches(a, limits), new TempBatches(b, limits)] as const;
    await stores[0].sweep(Number.MAX_SAFE_INTEGER);
    await a.query('DELETE FROM public.vehicle_upload_batches');
    return stores;
  };

  it('are their user\'s, bounded per user and in vehicles on every instance, found by row or plate, and expire with their files', async () => {
    const [one, two] = await fresh();
    const x = (await one.create('u1', 'P', [{ row: 2, details: details('AB123CD') }], 0))!;
    expect(x.vehicles).toEqual([{ row: 2, details: details('AB123CD'), files: [] }]);
    expect(await two.get(x.tempId, 'u2', 0)).toBeNull();
    expect(await two.get(x.tempId, 'u1', 0)).toEqual(x);
    expect(await two.addFile(x.tempId, 'u2', '2', photo('f0'), 0, any)).toEqual({ kind: 'noBatch' });
    expect(await two.addFile(x.tempId, 'u1', '2', photo('f1'), 0, any)).toEqual({ kind: 'added', row: 2 });
    expect(await one.addFile(x.tempId, 'u1', 'ab 123-cd', photo('f2'), 0, any)).toEqual({ kind: 'added', row: 2 });
    expect(await one.addFile(x.tempId, 'u1', '3', photo('f3'), 0, any)).toEqual({ kind: 'noVehicle' });
    expect(await one.addFile(x.tempId, 'u1', '2', photo('f4'), 0, (files) => files.length < 2)).toEqual({ kind: 'noRoom' });
    expect((await one.get(x.tempId, 'u1', 0))!.vehicles[0]!.files.map((f) => f.idFile)).toEqual(['f1', 'f2']);

    expect(await two.create('u1', 'P', [{ row: 2, details: details('AB124CD') }], 0)).not.toBeNull();
    expect(await one.create('u1', 'P', [{ row: 2, details: details('AB125CD') }], 0)).toBeNull(); // two open already, one made on each
    expect(await one.create('u2', 'P', [{ row: 2, details: details('AB126CD') }, { row: 3, details: details('AB127CD') }], 0)).toBeNull(); // 4 vehicles > 3
    expect(await one.create('u2', 'P', [{ row: 2, details: details('AB126CD') }], 0)).not.toBeNull(); // 3 vehicles: the bound
    expect(await one.create('u3', 'P', [{ row: 2, details: details('AB128CD') }], 1_000)).not.toBeNull(); // the expired ones no longer count

    expect(await one.get(x.tempId, 'u1', 1_000)).toBeNull();
    expect(await one.addFile(x.tempId, 'u1', '2', photo('f5'), 1_000, any)).toEqual({ kind: 'noBatch' });
    expect(await one.claim(null, 'u1', 1_000)).toBeNull();
    const [sweptHere, sweptThere] = await Promise.all([one.sweep(1_000), two.sweep(1_000)]);
    expect([...sweptHere, ...sweptThere].map((f) => f.idFile)).toEqual(['f1', 'f2']); // handed to one sweeper only
    expect(await one.sweep(1_000)).toEqual([]);
  });

  it('keep their bounds under creates and files sent to both instances at once', async () => {
    const [one, two] = await fresh({ ...LIMITS, perUser: 3, totalVehicles: 100 });
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).create('u1', 'P', [{ row: 2, details: details(`AB${100 + i}CD`) }], 0)));
    expect(made.filter((m) => m !== null)).toHaveLength(3);
    const x = made.find((m) => m !== null)!;
    const room = (files: readonly BatchFile[]) => files.length < 4;
    const added = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).addFile(x.tempId, 'u1', '2', photo(`p${i}`), 0, room)));
    expect(added.filter((r) => r.kind === 'added')).toHaveLength(4);
    expect(added.filter((r) => r.kind === 'noRoom')).toHaveLength(6);
    expect((await one.get(x.tempId, 'u1', 0))!.vehicles[0]!.files).toHaveLength(4);
  });

  it('are closed while saved, on every instance: one of two saves wins, a late file is refused, a failed save opens the batch again', async () => {
    const [one, two] = await fresh();
    const x = (await one.create('u1', 'P', [{ row: 2, details: details('AB123CD') }, { row: 3, details: details('AB124CD') }], 0))!;
    await one.addFile(x.tempId, 'u1', '3', photo('f1'), 0, any);
    const claims = await Promise.all([one.claim(x.tempId, 'u1', 0), two.claim(x.tempId, 'u1', 0)]);
    const held = claims.filter((c) => c !== null);
    expect(held).toHaveLength(1);
    expect(held[0]!.vehicles.map((v) => [v.row, v.files.map((f) => f.idFile)])).toEqual([[2, []], [3, ['f1']]]);
    expect(await two.addFile(x.tempId, 'u1', '3', photo('f2'), 0, any)).toEqual({ kind: 'noBatch' }); // an upload during the save: 404210
    expect(await two.claim(null, 'u1', 0)).toBeNull(); // a second v1 save
    expect(await two.get(x.tempId, 'u1', 0)).toBeNull();
    expect(await one.renew(held[0]!, 1_000)).toBe(true); // the save runs on past the batch's expiry
    expect(await two.sweep(1_000)).toEqual([]); // never swept under a running save
    await one.release(held[0]!);
    expect((await two.get(x.tempId, 'u1', 0))?.tempId).toBe(x.tempId);
    const again = (await two.claim(null, 'u1', 0))!;
    expect(again.tempId).toBe(x.tempId);
    expect((await one.remove(again)).map((f) => f.idFile)).toEqual(['f1']);
    expect(await one.remove(again)).toEqual([]);
    expect(await one.get(x.tempId, 'u1', 0)).toBeNull();
  });

  it('a save\'s hold is renewed while it runs; one whose instance died lapses: the batch is open again, and the late save\'s removal changes nothing', async () => {
    const [one, two] = await fresh();
    const x = (await one.create('u1', 'P', [{ row: 2, details: details('AB123CD') }], 0))!;
    const dead = (await one.claim(x.tempId, 'u1', 0))!;
    expect(await two.claim(x.tempId, 'u1', 499)).toBeNull();
    expect(await one.renew(dead, 400)).toBe(true);
    expect(await two.claim(x.tempId, 'u1', 899)).toBeNull(); // renewed until 900
    const taken = (await two.claim(x.tempId, 'u1', 900))!;
    expect(taken.tempId).toBe(x.tempId);
    expect(await one.renew(dead, 901)).toBe(false);
    await one.release(dead); // the stale save's release leaves the other's hold
    expect(await one.addFile(x.tempId, 'u1', '2', photo('f1'), 901, any)).toEqual({ kind: 'noBatch' });
    expect(await one.remove(dead)).toEqual([]);
    expect(await two.renew(taken, 901)).toBe(true); // still there, held by the other save
    expect(await two.remove(taken)).toEqual([]);
    expect(await two.get(x.tempId, 'u1', 901)).toBeNull();
  });
});
