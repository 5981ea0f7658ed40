import { saleAmount } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { vehicleEventId } from "./detail";

/** What the page's script sends when a car's page is viewed (spec §7): the event and the pixel's ViewContent. */
export interface VehicleAnalytics {
  eventId: number;
  /** The tenant's social pixel also receives ViewContent. */
  pixel: boolean;
  vehicle: Record<string, unknown>;
}

/** The ViewContent pixel carries the car's sale price, never a weekly subscription; no price when it has none. */
export function vehicleAnalytics(car: Car, site: Site): VehicleAnalytics {
  const salePrice = saleAmount(car);
  return {
    eventId: vehicleEventId(car, "view"),
    pixel: site.vdp_config.social_pixel,
    vehicle: {
      content_ids: [String(car.id)],
      content_type: "vehicle",
      make: car.make,
      model: car.model,
      year: car.year,
      ...(salePrice ? { price: salePrice, currency: "AUD" } : {}),
      state_of_vehicle: car.car_type,
      ...(car.vin ? { vin: car.vin } : {}),
    },
  };
}
