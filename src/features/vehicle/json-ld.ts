/**
 * The page's head: its description and the schema.org Car it describes (with an Offer when the car
 * has a sale price, never a weekly subscription).
 */

import { isSold, saleAmount } from "~/features/stock/stock";
import { formatNumber } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { Location } from "~/tenant/schemas/locations";

/** The page's absolute address on the tenant's site. */
export function vehicleCanonical(car: Pick<Car, "slug">, site: Pick<Site, "url">): string {
  return new URL(`/cars/${car.slug}`, site.url).href;
}

/** Search engines show about this many characters of a title before cutting it. */
export const TITLE_BUDGET = 60;

/**
 * What tells this car apart from an identical one in the same feed (a dealer often has a dozen
 * of one new model in one colour): its stock number, or the feed's id when it has none.
 */
function stockReference(car: Pick<Car, "id" | "stocknum">): string {
  const stock = car.stocknum?.trim();
  return stock ? `Stock ${stock}` : `Ref ${car.id}`;
}

/**
 * The car page's whole `<title>`: name, colour and stock reference, then the site's name. The
 * stock reference always stays (it is what makes the title the car's own); the colour and the
 * site's name are added only while the title stays within `TITLE_BUDGET` characters. It reads
 * nothing but the car and the site's name, so the page's cache key (which hashes both) covers it.
 */
export function vehicleTitle(
  car: Pick<Car, "id" | "name" | "colour" | "stocknum">,
  site: Pick<Site, "name">,
): string {
  const stock = stockReference(car);
  const colour = car.colour?.trim();
  const withColour = colour ? `${car.name}, ${colour}, ${stock}` : null;
  const title = withColour && withColour.length <= TITLE_BUDGET ? withColour : `${car.name}, ${stock}`;
  const withSite = `${title} | ${site.name}`;
  return withSite.length <= TITLE_BUDGET ? withSite : title;
}

/**
 * One sentence for the meta description: name and colour, dealer, price, km, transmission, body
 * and city, then the stock reference, so two identical cars never share a description.
 */
export function vehicleDescription(
  car: Car,
  site: Pick<Site, "name">,
  priceText: string,
  location: Pick<Location, "address"> | undefined,
): string {
  const colour = car.colour?.trim();
  return `${[
    `${car.name}${colour ? ` in ${colour}` : ""} for sale at ${site.name}`,
    priceText,
    car.km != null ? `${formatNumber(car.km)} km` : null,
    car.simple_transmission,
    car.simple_body,
    location ? location.address.city : car.city,
  ]
    .filter(Boolean)
    .join(", ")}. ${stockReference(car)}.`;
}

/**
 * schema.org Car for the page. `photoUrls` are the car's real photos (never the image-not-found
 * picture), made absolute on the tenant's site.
 */
export function vehicleJsonLd(
  car: Car,
  site: Pick<Site, "url">,
  location: Pick<Location, "name" | "contact_detail"> | undefined,
  photoUrls: readonly string[],
): Record<string, unknown> {
  const canonical = vehicleCanonical(car, site);
  const salePrice = saleAmount(car);
  const phone = location?.contact_detail.phone ?? null;
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: car.name,
    brand: { "@type": "Brand", name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    ...(car.vin ? { vehicleIdentificationNumber: car.vin } : {}),
    ...(car.colour ? { color: car.colour } : {}),
    ...(car.km != null
      ? { mileageFromOdometer: { "@type": "QuantitativeValue", value: car.km, unitCode: "KMT" } }
      : {}),
    itemCondition:
      car.car_type === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    ...(photoUrls.length > 0 ? { image: photoUrls.map((url) => new URL(url, site.url).href) } : {}),
    url: canonical,
    ...(salePrice
      ? {
          offers: {
            "@type": "Offer",
            price: salePrice,
            priceCurrency: "AUD",
            url: canonical,
            availability: isSold(car)
              ? "https://schema.org/SoldOut"
              : car.status === "coming_soon"
                ? "https://schema.org/PreOrder"
                : "https://schema.org/InStock",
            ...(location
              ? {
                  seller: {
                    "@type": "AutoDealer",
                    name: location.name,
                    ...(phone ? { telephone: phone } : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`: a `<` in the feed's text cannot close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
