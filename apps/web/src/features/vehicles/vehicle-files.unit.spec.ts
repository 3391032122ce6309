import { describe, expect, it } from 'vitest';
import { movedPhotos } from './vehicle-files.js';

describe('moving a photo by keyboard (move up / move down)', () => {
  it('swaps the photo with its neighbour', () => {
    expect(movedPhotos(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedPhotos(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedPhotos(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });

  it('changes nothing past either end or for a photo that is not there', () => {
    expect(movedPhotos(['a', 'b'], 0, -1)).toBeNull();
    expect(movedPhotos(['a', 'b'], 1, 1)).toBeNull();
    expect(movedPhotos(['a'], 0, 1)).toBeNull();
    expect(movedPhotos([], 0, 1)).toBeNull();
    expect(movedPhotos(['a', 'b'], 5, -1)).toBeNull();
  });
});
