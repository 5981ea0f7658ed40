import type { Location } from "~/tenant/schemas/locations";

/**
 * Get Directions: the location's own map link when it has one, else a Google Maps search for its
 * street address.
 */
export function directionsUrl(location: Pick<Location, "address">): string {
  const { address } = location;
  return (
    address.place_url ??
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address.street}, ${address.city} ${address.state.toUpperCase()} ${address.postcode}`)}`
  );
}
