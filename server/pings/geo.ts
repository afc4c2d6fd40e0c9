import { createRequire } from 'node:module';
import { isIP } from 'node:net';

export interface GeoAnswer {
  country: string | null;
  countryName: string | null;
  city: string | null;
}

interface GeoIpLite {
  lookup(ip: string): { country: string; city: string } | null;
}

const require = createRequire(import.meta.url);
let db: GeoIpLite | undefined;
const names = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Country and city from the bundled offline database (geoip-lite); no network look-ups. The
 * database takes ~150 MB in memory, so it loads on the first ping, not at start-up.
 */
export function locate(ip: string): GeoAnswer {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIP(plain)) return { country: null, countryName: null, city: null };
  db ??= require('geoip-lite') as GeoIpLite;
  const hit = db.lookup(plain);
  if (!hit?.country) return { country: null, countryName: null, city: null };
  return { country: hit.country, countryName: countryNameOf(hit.country), city: hit.city || null };
}

function countryNameOf(code: string): string | null {
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}
