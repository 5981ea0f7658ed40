/**
 * Spec §7 geocoding by postcode (country AU, results[0].geometry.location) answered from the local
 * postcode table: no network. Pluggable: a `Geocoder` that calls a maps service fits the same slot.
 */
import { POSTCODE_POINTS } from "~/lib/postcodes/postcode-points.data";

export interface GeoPoint {
  lat: number;
  lng: number;
  state: string;
}

export interface Geocoder {
  /** The postcode's position in Australia, or null when it resolves to nothing there. */
  geocode(postcode: string): Promise<GeoPoint | null>;
}

let points: Map<string, GeoPoint> | undefined;

function table(): Map<string, GeoPoint> {
  if (points) return points;
  points = new Map();
  for (const entry of POSTCODE_POINTS.split(";")) {
    const [postcode, lat, lng, state] = entry.split(",");
    if (postcode && lat && lng)
      points.set(postcode, { lat: Number(lat), lng: Number(lng), state: state ?? "" });
  }
  return points;
}

export const localGeocoder: Geocoder = {
  geocode: async (postcode) => table().get(postcode.trim()) ?? null,
};
