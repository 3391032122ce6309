import { describe, expect, it } from 'vitest';
import { auctionsOfTopics } from './retained.js';

describe('the retained live state of a bench run', () => {
  it('names the auctions of auction and lot topics, and nothing else', () => {
    expect([...auctionsOfTopics(['auction/a1', 'auction/a1/lot/l1', 'auction/a2/lot/l9', 'user/u1/outbid', 'server/clock', 'auction/'])].sort())
      .toEqual(['a1', 'a2']);
  });
});
