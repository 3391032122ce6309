import { describe, expect, it } from 'vitest';
import { parseTopic, topicMatches, topics } from './topic-filter.js';

describe('topic filters', () => {
  it('matches + on one level and # on the rest', () => {
    expect(topicMatches(topics.lotsOf('a1'), 'auction/a1/lot/l9')).toBe(true);
    expect(topicMatches(topics.lotsOf('a1'), 'auction/a2/lot/l9')).toBe(false);
    expect(topicMatches(topics.lotsOf('a1'), 'auction/a1')).toBe(false);
    expect(topicMatches('auction/#', 'auction/a1/lot/l9')).toBe(true);
    expect(topicMatches(topics.auction('a1'), 'auction/a1/lot/l1')).toBe(false);
    expect(topicMatches(topics.outbid('u1'), 'user/u1/outbid')).toBe(true);
  });

  it('parses the live topics and nothing else', () => {
    expect(parseTopic('auction/a1')).toEqual({ kind: 'auction', idAuction: 'a1' });
    expect(parseTopic('auction/a1/lot/l2')).toEqual({ kind: 'lot', idAuction: 'a1', idLot: 'l2' });
    expect(parseTopic('user/u1/outbid')).toEqual({ kind: 'outbid', idUser: 'u1' });
    expect(parseTopic('auction/a1/x/l2')).toBeNull();
    expect(parseTopic('user/u1/other')).toBeNull();
  });
});
