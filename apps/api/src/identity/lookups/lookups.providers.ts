import type { Provider, Type } from '@nestjs/common';
import { CheckCfController } from './check-cf.controller.js';
import { CodeTablesController } from './code-tables.controller.js';
import { GeoIpCountries } from './geoip-countries.js';
import { GeolocationController } from './geolocation.controller.js';

/** Controllers of the lookups calls, registered by the identity module. */
export const LOOKUPS_CONTROLLERS: Type[] = [CodeTablesController, CheckCfController, GeolocationController];

/** Providers of the lookups calls, registered (and exported) by the identity module: one GeoIP database per process. */
export const LOOKUPS_PROVIDERS: Provider[] = [GeoIpCountries];
