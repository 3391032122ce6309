import { Injectable, Logger } from '@nestjs/common';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The one call of `geoip-lite` used here. */
interface GeoIpLite {
  lookup(ip: string): { country?: string } | null;
}

/** The two files with countries only (IPv4, IPv6); the package also ships ~100 MB of city data this product never reads. */
const COUNTRY_FILES = ['geoip-country.dat', 'geoip-country6.dat'] as const;

/**
 * Country of an IP address from the offline GeoLite database shipped in the `geoip-lite` package (no network, no
 * account). The database is read into memory on the FIRST lookup, not at start: a server that never geolocates
 * (tests, the embedded mode on a laptop, local addresses) never pays for it. Only the country files are loaded
 * (about 9 MB of memory): `geoip-lite` prefers its city files when they are in its data folder (about 110 MB), so it
 * is pointed (its documented `GEODATADIR`, set for the load only) at a temporary folder linking the country files
 * alone, removed once read. An operator's own `GEODATADIR` (an updated database) is used as it is. If the load fails
 * the lookups answer `undefined` (the caller falls back to the language): geolocation is a convenience, never a 500.
 */
@Injectable()
export class GeoIpCountries {
  private readonly logger = new Logger('Geolocation');
  private geo: GeoIpLite | null | undefined;

  /** The ISO 3166-1 alpha-2 country of a public address, or undefined when the database does not place it. */
  countryOf(address: string): string | undefined {
    const geo = this.load();
    try {
      const country = geo?.lookup(address)?.country;
      return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : undefined;
    } catch {
      return undefined;
    }
  }

  /** True once the database has been read (or its load has failed). */
  get loaded(): boolean {
    return this.geo !== undefined;
  }

  private load(): GeoIpLite | null {
    if (this.geo !== undefined) return this.geo;
    const before = process.memoryUsage();
    const started = performance.now();
    try {
      this.geo = loadCountriesOnly();
      const after = process.memoryUsage();
      // The database is Buffers: `arrayBuffers` grows by its size; RSS may not (freed heap pages are reused).
      this.logger.log(
        `GeoIP country database loaded in ${Math.round(performance.now() - started)} ms: buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB, RSS ${mb(before.rss)} MB -> ${mb(after.rss)} MB`,
      );
    } catch (error) {
      this.geo = null;
      this.logger.warn(`GeoIP database not loaded, geolocation falls back to the language: ${error instanceof Error ? error.message : String(error)}`);
    }
    return this.geo;
  }
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function loadCountriesOnly(): GeoIpLite {
  const require = createRequire(import.meta.url);
  if (process.env.GEODATADIR) return require('geoip-lite') as GeoIpLite;
  const dataDir = path.join(path.dirname(require.resolve('geoip-lite/package.json')), 'data');
  let linked: string | null = null;
  try {
    linked = mkdtempSync(path.join(tmpdir(), 'geoip-countries-'));
    for (const file of COUNTRY_FILES) symlinkSync(path.join(dataDir, file), path.join(linked, file));
    process.env.GEODATADIR = linked;
  } catch {
    // No temporary folder or no symlinks here: load the package's own folder (city data too, more memory).
    if (linked) rmSync(linked, { recursive: true, force: true });
    linked = null;
  }
  try {
    return require('geoip-lite') as GeoIpLite;
  } finally {
    if (linked) {
      delete process.env.GEODATADIR;
      rmSync(linked, { recursive: true, force: true });
    }
  }
}
