/**
 * Scenarios every feed carries once: sold cars around the sold window, coming soon, few photos,
 * price on application, hidden rows, tags, long and empty comments.
 */
import type { Car } from "~/tenant/schemas/car";
import { addDays, DAY_MS, DAY_S, isoDate } from "../util";
import { LONG_COMMENTS } from "./equipment";
import type { CarContext } from "./pick";

export function applyScenarios(cars: Car[], ctx: CarContext): void {
  const { profile, now } = ctx;
  const nowS = Math.floor(now.getTime() / 1000);
  const w = ctx.site.sold_window_days;
  type Scenario = { when?: (car: Car) => boolean; apply: (car: Car) => void };
  const sold = (secondsAgo: number | null): Scenario => ({
    when: (car) => car.car_type === "used" || !profile.rv,
    apply: (car) => {
      car.status = "sold";
      car.sold = true;
      car.reserved = false;
      car.tag = null;
      car.sold_date_timestamp = secondsAgo === null ? null : nowS - secondsAgo;
      if (car.created_at && Date.parse(car.created_at) > now.getTime() - (secondsAgo ?? 0) * 1000) {
        car.created_at = new Date((nowS - (secondsAgo ?? 0) - 30 * DAY_S) * 1000).toISOString();
      }
    },
  });
  const inStock = (car: Car) => car.status === "in_stock";
  const set = (patch: Partial<Car>) => (car: Car) => {
    Object.assign(car, patch);
  };
  const setPhotos = (n: number) => (car: Car) => {
    car.images = car.images.filter((im) => !im.video).slice(0, n);
    car.thumbnails = car.images.map((im) => im.thumb?.url ?? im.url);
    car.primary_image_url = car.images[0]?.url ?? null;
    car.photos_count = car.images.length;
    car.video_url = null;
    car.external_video_url = null;
    car.videos = null;
  };
  const scenarios: Scenario[] = [
    sold(3600),
    sold(Math.round((w * DAY_S) / 2)),
    sold(w * DAY_S - 600),
    sold(w * DAY_S + 600),
    sold((w + 3) * DAY_S),
    sold(45 * DAY_S),
    sold(null),
    {
      when: (car) => car.car_type !== "used",
      apply: (car) => {
        car.status = "coming_soon";
        setPhotos(0)(car);
        car.spin_images = null;
        car.hotspots = null;
        car.spin_code = null;
      },
    },
    { when: inStock, apply: setPhotos(1) },
    { when: inStock, apply: setPhotos(3) },
    { when: inStock, apply: setPhotos(3) },
    {
      when: inStock,
      apply: (car) => {
        car.price = 0;
        car.before_price = null;
        car.offer_price = null;
        car.finance_lenders = null;
        car.youxQuote = null;
      },
    },
    {
      when: (car) => car.car_type === "new",
      apply: (car) => {
        car.status = "coming_soon";
        car.price = 0;
        car.preorder = true;
        car.before_price = null;
        car.offer_price = null;
        car.finance_lenders = null;
        car.tag = null;
      },
    },
    { apply: set({ show_on_dealer_website: false }) },
    { apply: set({ show_on_dealer_website: false }) },
    { when: (car) => inStock(car) && car.car_type !== "used", apply: set({ tag: "Test Drive Only" }) },
    {
      when: inStock,
      apply: (car) => {
        car.tag = "Hot Deal";
        car.before_price = car.price + 2000;
      },
    },
    { when: inStock, apply: set({ reserved: true }) },
    {
      when: (car) => inStock(car) && car.car_type === "new" && !profile.rv,
      apply: (car) => {
        car.subscription_price = Math.max(129, Math.round(car.price / 240));
      },
    },
    ...[0.5, 2, 6].map(
      (days): Scenario => ({
        when: inStock,
        apply: set({ created_at: new Date(now.getTime() - days * DAY_MS).toISOString() }),
      }),
    ),
    // On a used car of the dealer's own make (any make where it has none), which every sample site
    // publishes: brand-only sites hide other makes, used-only sites hide new cars.
    {
      when: (car) =>
        inStock(car) &&
        car.car_type === "used" &&
        (profile.dealerships.some((d) => d.makes.includes(car.make)) ||
          profile.dealerships.every((d) => d.makes.length === 0)),
      apply: set({ dealercomments: LONG_COMMENTS }),
    },
    { apply: set({ dealercomments: "" }) },
    { apply: set({ dealercomments: "-" }) },
    { apply: set({ dealercomments: "<p>---</p>" }) },
    {
      when: (car) => car.car_type === "used" && car.rego_expiry != null,
      apply: set({ rego_expiry: isoDate(addDays(now, -20)) }),
    },
    { when: inStock, apply: set({ finance_lenders: null }) },
    { when: inStock, apply: set({ price: 9 }) },
  ];
  const taken = new Set<number>();
  scenarios.forEach((scenario, j) => {
    const start = Math.floor(((j + 0.5) * cars.length) / scenarios.length);
    for (let k = 0; k < cars.length; k++) {
      const i = (start + k) % cars.length;
      const car = cars[i];
      if (!car || taken.has(i) || (scenario.when && !scenario.when(car))) continue;
      scenario.apply(car);
      taken.add(i);
      return;
    }
  });
}
