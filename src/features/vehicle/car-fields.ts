/**
 * The public subset of a car that the view counter answers with (spec §7 view.json `car_fields`)
 * and the print page renders: what the vehicle page already shows, nothing internal (no lender
 * data, no dealer notes beyond the published comments). Pure.
 */

import { formatPhone, telHref } from "~/features/locations/locations";
import { carPictures } from "~/features/media/media";
import { type SpecRow, specRows } from "~/features/stock/specifications";
import { carTypeLabel, isSold, priceDisplay } from "~/features/stock/stock";
import { carLeadFields, reserveOnline } from "~/features/vehicle/detail";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";

export interface DealerDetails {
  name: string;
  /** "412 Scarborough Beach Road, Osborne Park WA 6017". */
  address: string;
  /** "08 5550 2100", or null when the location lists no phone. */
  phone: string | null;
  /** "tel:0855502100". */
  tel: string | null;
}

export interface CarFields {
  id: number;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  car_type: Car["car_type"];
  car_type_label: string;
  status: Car["status"];
  sold: boolean;
  price_text: string;
  was_price_text: string | null;
  km: number | null;
  stocknum: string | null;
  vin: string | null;
  colour: string | null;
  photos_count: number;
  image: { url: string; alt: string };
  specs: SpecRow[];
  features: string[];
  dealer: DealerDetails;
  /** The car's page on the dealer's public site. */
  url: string;
  /** Reserve or buy online (the checkout page); null when the site or the car does not offer it. */
  checkout: CheckoutOffer | null;
}

/**
 * What the server tells the checkout page (src/features/checkout/) about buying a car online; null
 * when it cannot be (spec §5).
 */
export interface CheckoutOffer {
  /** Deposit in dollars, or null when missing or $0 (then no amount is shown). */
  deposit: number | null;
  /** The lead's fixed fields for this car (car_id, stock number, make, model …). */
  lead_fields: Record<string, string | number>;
}

/** The car's selling location, falling back to the dealership's first listed location. */
export function dealerDetails(data: TenantData, car: Car): DealerDetails {
  const { site, locations } = data;
  const location =
    locations.find((candidate) => candidate.id === car.location_id) ??
    locations.find((candidate) => candidate.dealership_id === car.dealership_id && candidate.primary) ??
    locations.find((candidate) => candidate.dealership_id === car.dealership_id);
  const dealership = site.dealerships.find((candidate) => candidate.id === car.dealership_id);
  if (!location) {
    return { name: dealership?.name ?? site.name, address: "", phone: null, tel: null };
  }
  const { street, city, state, postcode } = location.address;
  const phone = location.contact_detail.phone?.trim() || null;
  return {
    name: location.name,
    address: `${street}, ${site.override_city ?? city} ${state.toUpperCase()} ${postcode}`,
    phone: phone ? formatPhone(phone) : null,
    tel: phone ? telHref(phone) : null,
  };
}

/** Spec §5: checkout only where the site enables it and the car can be reserved (not sold or reserved). */
function checkoutOffer(car: Car, site: TenantData["site"]): CheckoutOffer | null {
  const reserve = reserveOnline(car, site);
  if (!reserve) return null;
  return { deposit: reserve.deposit, lead_fields: { ...carLeadFields(car), page_id: "checkout" } };
}

export function carFields(data: TenantData, car: Car): CarFields {
  const { site } = data;
  const price = priceDisplay(car, site);
  const pictures = carPictures(car);
  const first = pictures[0] ?? { url: "", alt: car.name };
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    car_type: car.car_type,
    car_type_label: carTypeLabel(car.car_type, site),
    status: car.status,
    sold: isSold(car),
    price_text: price.text,
    was_price_text: price.wasText ?? null,
    km: car.km ?? null,
    stocknum: car.stocknum ?? null,
    vin: car.vin ?? null,
    colour: car.colour ?? null,
    photos_count: car.photos_count ?? pictures.length,
    image: { url: first.url, alt: first.alt },
    specs: specRows(car),
    features: car.standardEquipment ?? [],
    dealer: dealerDetails(data, car),
    url: new URL(`/cars/${car.slug}`, site.url).href,
    checkout: checkoutOffer(car, site),
  };
}
