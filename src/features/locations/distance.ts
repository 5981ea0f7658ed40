/**
 * Nearest dealer (spec §9 "earth radius 6371 km"): great-circle distances from where the shopper
 * is to each location, and the locator's order by them. Pure: positions in, kilometres out.
 */

/** Spec §9: the mean earth radius the distances use. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine great-circle distance between two points, in kilometres. */
export function haversineKm(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Items nearest first, each with its distance; an item without a position keeps its place after
 * every one with. Ties keep the order the items came in (the usual sales, service, parts order).
 */
export function nearestFirst<T>(
  items: readonly T[],
  positionOf: (item: T) => LatLng | null,
  from: LatLng,
): { item: T; km: number | null }[] {
  return items
    .map((item, index) => {
      const position = positionOf(item);
      return { item, index, km: position ? haversineKm(from, position) : null };
    })
    .sort(
      (a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) || a.index - b.index,
    )
    .map(({ item, km }) => ({ item, km }));
}

/** "850 m" under a kilometre, "4.2 km" under ten, else whole kilometres with thousands separated. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km).toLocaleString("en-AU")} km`;
}
