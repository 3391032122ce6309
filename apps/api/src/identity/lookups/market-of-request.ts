import { BlockList, isIP } from 'node:net';
import type { Market } from '@auction/domain';
import { MARKET_COUNTRY_ISO } from '@auction/reference-data';

type CountryMarket = keyof typeof MARKET_COUNTRY_ISO;

/** ISO 3166-1 alpha-2 → market (`GB` → `EN`), from the reference data's market countries. */
const MARKET_BY_ISO: ReadonlyMap<string, CountryMarket> = new Map(
  (Object.entries(MARKET_COUNTRY_ISO) as [CountryMarket, string][]).map(([market, iso]) => [iso, market]),
);

/** The market selling in a country (ISO alpha-2, any case), or null when the country is not one of the portal's markets. */
export function marketOfCountryIso(iso: unknown): Market | null {
  return typeof iso === 'string' ? MARKET_BY_ISO.get(iso.toUpperCase()) ?? null : null;
}

/**
 * The market of a language (spec 01: it→IT, de→DE, fr→FR, es→ES, nl→NL, en→EN, pl→PL, pt→PT). `be` and `lu` are
 * the portal's own codes, but in an Accept-Language header `be` is Belarusian and `lu` Luba-Katanga: they map to nothing.
 */
const MARKET_BY_LANGUAGE: Readonly<Record<string, CountryMarket>> = { it: 'IT', de: 'DE', fr: 'FR', es: 'ES', nl: 'NL', en: 'EN', pl: 'PL', pt: 'PT' };

/** The languages the portal offers in a market (spec 01 §4): BE en/fr/nl, FR fr only, else the market's own and en. */
function languagesOf(market: CountryMarket): readonly string[] {
  if (market === 'BE') return ['en', 'fr', 'nl'];
  if (market === 'FR') return ['fr'];
  if (market === 'LU') return ['fr', 'en'];
  return [market === 'EN' ? 'en' : market.toLowerCase(), 'en'];
}

/** More of a header than this is not read: a browser sends a few tags, a hostile client may send kilobytes. */
const MAX_HEADER_CHARS = 1024;
const MAX_TAGS = 32;
const TAG = /^([a-z]{2,3})(?:-([a-z0-9]{1,8}))*$/;

/**
 * The market of the first language of an `Accept-Language` header that maps to one, by preference (`q`, ties in the
 * order written; `q=0` means "not this"). A tag with a region that is a market where that language is offered
 * names that market (`fr-BE` → BE, `nl-BE` → BE, `fr-LU` → LU, `en-IT` → IT); otherwise its language decides
 * (`de-AT` → DE, `en-US` → EN). Null for a missing, odd or unmappable header: never throws.
 */
export function marketOfAcceptLanguage(header: unknown): Market | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (typeof text !== 'string' || text.length === 0) return null;
  const entries = text.slice(0, MAX_HEADER_CHARS).split(',').slice(0, MAX_TAGS).map((part, index) => {
    const [rawTag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return { tag: rawTag.trim().replace(/_/g, '-'), q: Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0, index };
  }).filter((e) => e.q > 0 && TAG.test(e.tag));
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of entries) {
    const [language = '', ...subtags] = tag.split('-');
    const region = subtags.find((s) => /^[a-z]{2}$/.test(s));
    const regionMarket = region ? MARKET_BY_ISO.get(region.toUpperCase()) : undefined;
    if (regionMarket && languagesOf(regionMarket).includes(language)) return regionMarket;
    const market = MARKET_BY_LANGUAGE[language];
    if (market) return market;
  }
  return null;
}

/** Addresses that say nothing of where a person is: loopback, private, link-local, unique-local, CGNAT, unspecified. */
const LOCAL_ADDRESSES = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/**
 * The address as a plain IPv4 or IPv6 text (an IPv4-mapped IPv6 address as its IPv4 form, a zone id dropped), or
 * null when it is no address at all. A port some proxies append to the forwarded address (`151.1.1.1:443`,
 * `[2a01:4f8::1]:443`, `[2a01:4f8::1]`) is dropped: the address is what GeoIP places.
 */
export function normalizedAddress(address: unknown): { address: string; family: 'ipv4' | 'ipv6' } | null {
  if (typeof address !== 'string' || address.length === 0 || address.length > 64) return null;
  const withoutPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address)?.[1] ?? /^\[([0-9A-Fa-f:.%\w-]+)\](?::\d{1,5})?$/.exec(address)?.[1] ?? address;
  const plain = withoutPort.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  const candidate = mapped ? mapped[1]! : plain;
  const version = isIP(candidate);
  return version === 4 ? { address: candidate, family: 'ipv4' } : version === 6 ? { address: candidate, family: 'ipv6' } : null;
}

/** True for an address GeoIP cannot place: loopback, private and the like (see {@link LOCAL_ADDRESSES}), or none at all. */
export function isLocalAddress(address: unknown): boolean {
  const normalized = normalizedAddress(address);
  return normalized === null || LOCAL_ADDRESSES.check(normalized.address, normalized.family);
}
