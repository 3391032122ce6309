import { describe, expect, it } from 'vitest';
import { acceptedCounts, anyPending, percentOf, uploadsAfter, type FileUpload, type UploadEvent } from './upload-progress.js';

const queued = (key: string, row: number | null, kind: FileUpload['kind'] = 'PHOTO', size = 1_000): UploadEvent =>
  ({ type: 'queued', key, name: `${key}.jpg`, size, kind, row });
const run = (...events: UploadEvent[]) => events.reduce<FileUpload[]>((list, e) => uploadsAfter(list, e), []);
const result = (idFile: string, row: number) => ({ tempId: 't', row, idFile, kind: 'PHOTO' as const, mediaType: 'image/jpeg', size: 1 });

describe('upload progress (per file)', () => {
  it('a queued file waits at 0 %, sends as the body goes, is checked once every byte is sent, then is done at 100 %', () => {
    let list = run(queued('a', 2));
    expect([list[0]!.phase, percentOf(list[0]!)]).toEqual(['waiting', 0]);
    list = uploadsAfter(list, { type: 'progress', key: 'a', loaded: 250, total: 1_200 });
    expect([list[0]!.phase, list[0]!.total, percentOf(list[0]!)]).toEqual(['sending', 1_200, 20]);
    list = uploadsAfter(list, { type: 'progress', key: 'a', loaded: 1_200, total: 1_200 });
    expect([list[0]!.phase, percentOf(list[0]!)]).toEqual(['checking', 100]);
    list = uploadsAfter(list, { type: 'done', key: 'a', result: result('b1', 2) });
    expect([list[0]!.phase, percentOf(list[0]!), list[0]!.result?.idFile]).toEqual(['done', 100, 'b1']);
  });

  it('never goes back: an older progress event, or one after the answer, changes nothing', () => {
    let list = run(queued('a', 2), { type: 'progress', key: 'a', loaded: 600, total: 1_000 }, { type: 'progress', key: 'a', loaded: 300, total: 1_000 });
    expect(list[0]!.sent).toBe(600);
    list = uploadsAfter(list, { type: 'refused', key: 'a', errorCode: 415200 });
    list = uploadsAfter(list, { type: 'progress', key: 'a', loaded: 1_000, total: 1_000 });
    list = uploadsAfter(list, { type: 'done', key: 'a' });
    expect([list[0]!.phase, list[0]!.errorCode, list[0]!.sent]).toEqual(['refused', 415200, 600]);
  });

  it('without a length from the browser it measures against the file\'s size', () => {
    const list = run(queued('a', 2, 'PHOTO', 400), { type: 'progress', key: 'a', loaded: 100, total: 0 });
    expect([list[0]!.total, percentOf(list[0]!)]).toEqual([400, 25]);
  });

  it('keeps each file apart, counts only accepted files per vehicle, and tells when any is still going', () => {
    const list = run(
      queued('p1', 2), queued('p2', 2), queued('d1', 2, 'APPRAISAL'), queued('p3', 5), queued('x', 5),
      { type: 'done', key: 'p1', result: result('b1', 2) }, { type: 'done', key: 'd1' }, { type: 'refused', key: 'p2', errorCode: 413200 },
      { type: 'done', key: 'p3', result: result('b3', 5) },
    );
    expect(acceptedCounts(list)).toEqual(new Map([[2, { photos: 1, documents: 1 }], [5, { photos: 1, documents: 0 }]]));
    expect(anyPending(list)).toBe(true); // x still waits
    expect(anyPending(uploadsAfter(list, { type: 'refused', key: 'x', errorCode: 0 }))).toBe(false);
    expect(run(queued('a', 1), queued('a', 1))).toHaveLength(1);
    expect(uploadsAfter(list, { type: 'cleared' })).toEqual([]);
  });
});
