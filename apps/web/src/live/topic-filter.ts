/** True when an MQTT topic matches a filter with `+` (one level) and `#` (the rest) wildcards. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** The live channel's topics (API.md "Live channel"). */
export const topics = {
  auction: (idAuction: string) => `auction/${idAuction}`,
  lotsOf: (idAuction: string) => `auction/${idAuction}/lot/+`,
  lot: (idAuction: string, idLot: string) => `auction/${idAuction}/lot/${idLot}`,
  outbid: (idUser: string) => `user/${idUser}/outbid`,
  ownOffer: (idUser: string) => `user/${idUser}/offer`,
};

/** A parsed live topic. */
export type ParsedTopic =
  | { kind: 'auction'; idAuction: string }
  | { kind: 'lot'; idAuction: string; idLot: string }
  | { kind: 'outbid'; idUser: string }
  | { kind: 'ownOffer'; idUser: string }
  | null;

/** Parses a topic of {@link topics}. */
export function parseTopic(topic: string): ParsedTopic {
  const p = topic.split('/');
  if (p[0] === 'auction' && p.length === 2) return { kind: 'auction', idAuction: p[1]! };
  if (p[0] === 'auction' && p.length === 4 && p[2] === 'lot') return { kind: 'lot', idAuction: p[1]!, idLot: p[3]! };
  if (p[0] === 'user' && p.length === 3 && p[2] === 'outbid') return { kind: 'outbid', idUser: p[1]! };
  if (p[0] === 'user' && p.length === 3 && p[2] === 'offer') return { kind: 'ownOffer', idUser: p[1]! };
  return null;
}
