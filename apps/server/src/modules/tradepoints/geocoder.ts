import type { GeocoderPlace } from '@b2b/contracts/tradepoint-wire';

/**
 * The address search of the tradepoint modal, behind one interface: a Nominatim-compatible provider when
 * GEOCODER_URL is set (GET {url}?q=…&format=json → [{ lat, lon, display_name }]), none otherwise — then the
 * user enters the coordinates by hand.
 */
export interface Geocoder {
  readonly configured: boolean;
  /** Places found for an address, best first; throws when the provider fails. */
  search(address: string): Promise<GeocoderPlace[]>;
}

const TIMEOUT_MS = 5000;
const MAX_PLACES = 5;

export const noGeocoder: Geocoder = {
  configured: false,
  search: async () => [],
};

export function httpGeocoder(url: string, fetchImpl: typeof fetch = fetch): Geocoder {
  return {
    configured: true,
    async search(address) {
      const target = new URL(url);
      target.searchParams.set('q', address);
      target.searchParams.set('format', 'json');
      target.searchParams.set('limit', String(MAX_PLACES));
      const res = await fetchImpl(target, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const body = (await res.json()) as unknown;
      if (!Array.isArray(body)) throw new Error('geocoder answer is not a list');
      return body
        .map((p: Record<string, unknown>) => ({
          ADDRESS: String(p.display_name ?? ''),
          LATITUDE: String(p.lat ?? ''),
          LONGITUDE: String(p.lon ?? ''),
        }))
        .filter((p) => Number.isFinite(Number(p.LATITUDE)) && Number.isFinite(Number(p.LONGITUDE)) && p.LATITUDE && p.LONGITUDE)
        .slice(0, MAX_PLACES);
    },
  };
}

/** The geocoder the environment configures. */
export const geocoderFromEnv = (env: NodeJS.ProcessEnv = process.env): Geocoder => (env.GEOCODER_URL ? httpGeocoder(env.GEOCODER_URL) : noGeocoder);
