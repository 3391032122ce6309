import { describe, expect, it } from 'vitest';
import { concreteAuctionOf, decideLiveSubscription } from './live-topics.js';

describe('decideLiveSubscription (the one rule of /mqtt and of Mosquitto\'s edge plugin)', () => {
  const asked: string[] = [];
  const access = {
    maySubscribeAuction: async (idUser: string, idAuction: string) => {
      asked.push(`${idUser}:${idAuction}`);
      return idAuction === 'visible';
    },
  };

  it('a filter of one auction is decided by who sees that auction', async () => {
    expect(await decideLiveSubscription('auction/visible/lot/L1', 'u1', access)).toBe(true);
    expect(await decideLiveSubscription('auction/visible', 'u1', access)).toBe(true);
    expect(await decideLiveSubscription('auction/hidden/lot/+', 'u1', access)).toBe(false);
    expect(asked).toEqual(['u1:visible', 'u1:visible', 'u1:hidden']);
  });

  it('a wildcard for the auction is allowed (each message is then checked per auction), without asking', async () => {
    asked.length = 0;
    expect(await decideLiveSubscription('auction/#', 'u1', access)).toBe(true);
    expect(await decideLiveSubscription('auction/+/lot/+', 'u1', access)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('own user topics and the clock are allowed; other users\' topics, wildcards over users, $SYS, $share, # are refused', async () => {
    asked.length = 0;
    for (const filter of ['user/u1/outbid', 'user/u1/#', 'server/clock']) expect(await decideLiveSubscription(filter, 'u1', access)).toBe(true);
    for (const filter of ['user/u2/outbid', 'user/+/outbid', 'user/#', '#', '+/#', '$SYS/#', '$share/g/auction/#', '$CONTROL/auction-edge/v1', 'server/#', '']) {
      expect({ filter, allowed: await decideLiveSubscription(filter, 'u1', access) }).toEqual({ filter, allowed: false });
    }
    expect(asked).toEqual([]);
  });

  it('a filter with U+0000 is refused (MQTT forbids it; aedes passed \'auction/\\u0000\' at every QoS)', async () => {
    asked.length = 0;
    for (const filter of ['auction/\u0000', 'auction/visible\u0000/lot/+', 'user/u1/\u0000', 'server/clock\u0000']) {
      expect({ filter, allowed: await decideLiveSubscription(filter, 'u1', access) }).toEqual({ filter, allowed: false });
    }
    expect(asked).toEqual([]);
  });

  it('concreteAuctionOf names the auction of a filter without a wildcard at its level', () => {
    expect(concreteAuctionOf('auction/A1/lot/+')).toBe('A1');
    expect(concreteAuctionOf('auction/A1')).toBe('A1');
    expect(concreteAuctionOf('auction/+/lot/L')).toBeNull();
    expect(concreteAuctionOf('auction/#')).toBeNull();
    expect(concreteAuctionOf('auction')).toBeNull();
    expect(concreteAuctionOf('user/u1/offer')).toBeNull();
  });
});
