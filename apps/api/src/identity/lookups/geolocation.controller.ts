import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GeolocationAnswer } from '@auction/contracts';
import { Public } from '../auth.guard.js';
import { GeoIpCountries } from './geoip-countries.js';
import { isLocalAddress, marketOfAcceptLanguage, marketOfCountryIso, normalizedAddress } from './market-of-request.js';
import { PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

/**
 * `GET /api/v1/open/geolocation` (spec 01 §4, §7): the market the home page opens on for an anonymous visitor.
 * The client's address is `request.ip`, which Fastify takes from `X-Forwarded-For` only under TRUST_PROXY.
 * - a public address GeoIP places in a market's country: that market (GB → EN);
 * - a public address in another country: null (the client then keeps its language, spec 01 §4);
 * - a loopback or private address, or one GeoIP does not place: the first language of `Accept-Language` that maps
 *   to a market; else null.
 * Never an error: odd headers give null. The answer depends on the caller: `private, no-store`.
 */
@Controller('api/v1/open')
export class GeolocationController {
  constructor(private readonly geoIp: GeoIpCountries) {}

  @Public()
  @Get('geolocation')
  geolocation(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): GeolocationAnswer {
    void reply.header('cache-control', PRIVATE_NO_STORE);
    return { value: this.marketOf(request) };
  }

  private marketOf(request: FastifyRequest): GeolocationAnswer['value'] {
    let address: string | undefined;
    try {
      address = request.ip;
    } catch {
      address = undefined; // a forwarded-for header Fastify cannot read: treated as no address
    }
    const fromLanguage = () => marketOfAcceptLanguage(request.headers['accept-language']);
    if (isLocalAddress(address)) return fromLanguage();
    const country = this.geoIp.countryOf(normalizedAddress(address)!.address);
    return country === undefined ? fromLanguage() : marketOfCountryIso(country);
  }
}
