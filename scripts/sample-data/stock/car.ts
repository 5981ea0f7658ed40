/**
 * One car of a tenant's feed, every field drawn from the catalogue and the tenant's profile.
 */

import { fnv1a } from "~/lib/hash";
import type { Car } from "~/tenant/schemas/car";
import { makeNvic, makePlate, makeVin } from "../identifiers";
import { Rng } from "../random";
import type { Trim } from "../render/interiors";
import {
  type FeedImage,
  galleryFiles,
  HISTORY_REPORT_URL,
  photoPaint,
  SPIN_COMBOS,
  SPIN_FRAMES,
  spinFile,
  still,
  thumbUrl,
  url,
} from "../render/photo-set";
import { addDays, at, clamp, DAY_S, isoDate, round2, slugify } from "../util";
import {
  CUSTOM_TAGS,
  DRIVE_TEXT,
  dealerComments,
  EQUIPMENT,
  EV_EQUIPMENT,
  FUEL_TEXT,
  RV_EQUIPMENT,
  transText,
  UTE_EQUIPMENT,
} from "./equipment";
import { autogaugeSample, financeLenders, marketAverages, repayment } from "./finance";
import { spinHotspots } from "./hotspots";
import { type CarContext, modelPool, roundPrice, USED_AGE, youtubeId } from "./pick";

export function generateCar(ctx: CarContext, index: number): Car {
  const { profile, now, nowYear } = ctx;
  const rng = new Rng(fnv1a(`${profile.slug}:${profile.seed}:${index}`));
  const id = profile.idBase + index;
  const dealership = rng.pick(profile.dealerships);
  const stockLocations = profile.locations.filter(
    (l) => l.dealership === dealership.id && l.stock !== false && l.type === "sales",
  );
  const location = rng.pick(stockLocations.length ? stockLocations : profile.locations);
  let carType = rng.weighted(profile.mix);
  const model = modelPool(ctx, dealership.makes, carType, rng);
  const rv = model.caravan;
  const trailer = model.item === "caravan" || model.item === "camper trailer";
  if (carType === "demo" && trailer) carType = "new";

  let year: number;
  if (carType === "new") year = rng.chance(0.8) ? nowYear : nowYear - 1;
  else if (carType === "demo") year = rng.chance(0.55) ? nowYear : nowYear - 1;
  else year = nowYear - rng.weighted(USED_AGE);
  year = clamp(year, model.years[0], Math.min(model.years[1], nowYear));
  const age = nowYear - year;

  const series = [...model.series].reverse().find(([from]) => from <= year)?.[1] ?? null;
  const [badge, basePrice, engineIndex] = rng.pick(model.badges);
  const engine = model.engines[engineIndex] ?? null;
  const [colour, paint] = rng.pick(model.colours);
  const trim: Trim =
    model.trim ??
    rng.weighted<Trim>([
      ["black", 70],
      ["grey", 18],
      ["beige", 12],
    ]);
  const interiorColour = { black: "Black", grey: "Grey", beige: "Beige" }[trim];

  let km: number | null;
  if (trailer) km = null;
  else if (carType === "new") km = rng.int(3, 45);
  else if (carType === "demo") km = rng.int(1000, 9000);
  else km = Math.max(4000, Math.round((age * rng.int(9000, 21000) + rng.int(0, 9000)) / 10) * 10);

  const listNew = basePrice * (1 - 0.022 * age);
  let price: number;
  if (carType === "new") price = roundPrice(listNew * rng.range(0.97, 1.02));
  else if (carType === "demo") price = roundPrice(listNew * rng.range(0.87, 0.94));
  else {
    const retain = ["Toyota", "Isuzu", "Jayco", "Lotus", "New Age"].includes(model.make) ? 0.895 : 0.865;
    const kmFactor = km === null ? 1 : clamp(1 - (km - age * 15000) / 400000, 0.72, 1.08);
    price = Math.max(6990, roundPrice(listNew * retain ** age * kmFactor * rng.range(0.94, 1.06)));
  }

  const name = `${year} ${model.make} ${model.model} ${badge}`;
  const slug = slugify(`${year}-${model.make}-${model.model}-${badge}-${id}`);
  const stocknum = `${dealership.prefix}${carType === "used" ? "U" : carType === "demo" ? "D" : "N"}${String(id % 100000).padStart(5, "0")}`;

  const complianceMonth = year === nowYear ? rng.int(1, now.getUTCMonth() + 1) : rng.int(1, 12);
  const compliance = new Date(Date.UTC(year, complianceMonth - 1, 1));
  const build = new Date(Date.UTC(year, complianceMonth - 1 - rng.int(1, 3), 1));

  const registered = carType !== "new";
  const regoDays =
    carType === "demo" ? rng.int(60, 360) : rng.chance(0.16) ? -rng.int(3, 220) : rng.int(10, 360);

  // Status: most in stock, some coming soon (new/demo), some sold at assorted times.
  let status: "in_stock" | "sold" | "coming_soon" = "in_stock";
  let soldAt: number | null = null;
  const roll = rng.float();
  if (roll < 0.07) {
    status = "sold";
    soldAt = Math.floor(now.getTime() / 1000) - rng.int(600, 40 * DAY_S);
  } else if (roll < 0.1 && carType !== "used") status = "coming_soon";
  const createdAt =
    status === "coming_soon"
      ? addDays(now, -rng.range(0, 10))
      : status === "sold" && soldAt !== null
        ? new Date((soldAt - rng.int(5, 90) * DAY_S) * 1000)
        : addDays(now, rng.chance(0.1) ? -rng.range(0.1, 7.5) : -rng.range(8.5, 160));

  // Equipment: higher grades carry more.
  const grade = model.badges.findIndex(([b]) => b === badge) / Math.max(1, model.badges.length - 1);
  let equipment: string[];
  if (rv) equipment = rng.sample(RV_EQUIPMENT, rng.int(6, 18));
  else {
    const pool = [
      ...EQUIPMENT,
      ...(model.body === "ute" || model.body === "cabChassis" || engine?.drive === "4WD"
        ? UTE_EQUIPMENT
        : []),
      ...(engine?.fuel === "Electric" ? EV_EQUIPMENT : []),
    ];
    const n = rng.chance(0.05) ? 0 : clamp(Math.round(8 + grade * 16 + rng.int(-3, 6)), 4, 30);
    equipment = rng.sample(pool, n);
  }

  const photoKind = model.image;
  const photoP = photoPaint(photoKind, paint);
  const files = galleryFiles(photoKind, paint, trim, engine?.fuel === "Electric");
  const photoCount = files.length <= 5 ? files.length : rng.int(Math.min(8, files.length), files.length);
  const images: FeedImage[] = files.slice(0, photoCount).map(still);
  const hasVideo = !rv && rng.chance(0.12);
  const ytId = youtubeId(rng);
  if (hasVideo)
    images.splice(1, 0, {
      url: `https://www.youtube.com/embed/${ytId}`,
      thumb: { url: thumbUrl(at(files, 0)) },
      video: true,
    });

  const fuel = engine ? FUEL_TEXT[engine.fuel] : null;
  const simpleBody = model.body;
  const tag =
    status === "in_stock" && rng.chance(0.06)
      ? carType === "used"
        ? rng.pick(CUSTOM_TAGS)
        : rng.pick(["Hot Deal", "Runout Sale", "Test Drive Only"])
      : null;
  const beforePrice = rng.chance(0.13) ? price + rng.int(1, 5) * 1000 : null;
  const offerPrice = carType === "new" && rng.chance(0.1) ? price - rng.int(1, 4) * 500 : null;
  const certified =
    carType === "used" &&
    ((profile.certified === "toyota" &&
      model.make === "Toyota" &&
      age <= 7 &&
      (km ?? 0) <= 160000 &&
      rng.chance(0.7)) ||
      (profile.certified === "any" && dealership.makes.includes(model.make) && age <= 6 && rng.chance(0.5)));

  const provider = ctx.site.finance_provider;
  const finance =
    provider && status !== "sold" && rng.chance(0.92)
      ? financeLenders(provider, rng, { price, carType, age })
      : null;
  const youx =
    profile.youx && price > 5000 && rng.chance(0.3)
      ? (() => {
          const advertisedRate = round2(rng.range(7.49, 12.99));
          return {
            weeklyRepaymentAmount: Math.round(repayment(price * 0.9, advertisedRate, 52, 260, 0)),
            advertisedRate,
            comparisonRate: round2(advertisedRate + rng.range(0.4, 1.2)),
          };
        })()
      : null;
  // Market data draws from its own generator so adding it never shifts the rest of the car.
  const marketRng = new Rng(fnv1a(`${profile.slug}:${id}:market`));
  const averages =
    profile.autograb && carType === "used" && rng.chance(0.9)
      ? marketAverages(rng, price)
      : profile.autogauge && carType === "used" && marketRng.chance(0.85)
        ? marketAverages(marketRng, price)
        : null;
  const gauge =
    profile.autogauge && averages && marketRng.chance(0.85)
      ? autogaugeSample(marketRng, {
          price,
          stateAverage: averages.state_average_market_price,
          vehicle: `${model.make} ${model.model}`,
          state: location.state,
        })
      : null;
  const autograb = averages && (gauge ? { ...averages, autogauge: gauge } : averages);

  const spinSet =
    profile.spin &&
    carType !== "used" &&
    model.make === "Toyota" &&
    SPIN_COMBOS.some(([k, p]) => k === photoKind && p === photoP);
  const privateSeller =
    profile.privateSellers && carType === "used" && profile.suburbs && rng.chance(0.05)
      ? rng.pick(profile.suburbs)
      : null;
  const reserveDeposit = profile.reserve
    ? carType === "used"
      ? rng.pick([200, 200, 500, 0, null])
      : rng.weighted<number | null>([
          [500, 80],
          [1000, 10],
          [0, 6],
          [null, 4],
        ])
    : null;
  const variant = {
    cylinders: engine?.cyl ?? null,
    enginesize: engine && engine.litres > 0 ? Math.round(engine.litres * 998) : null,
    enginesize_litres: engine && engine.litres > 0 ? engine.litres : null,
    induction: engine?.induction ?? null,
    fuelconsumptioncombined: engine?.cons ?? null,
    fuelcapacity: model.fuelcap,
    grossvehiclemass: model.gvm,
    vehiclelength: model.dims[0],
    vehicleheight: model.dims[2],
    vehiclewidth: model.dims[1],
    towingcapacitybraked: model.tow || null,
    torque: engine?.torque ?? null,
    bodyconfiguration: model.config,
    ancaprating: model.ancap,
    geartype: engine
      ? engine.gear === "Manual"
        ? "Manual"
        : engine.gear === "CVT"
          ? "CVT"
          : "Automatic"
      : null,
  };

  const car: Car = {
    id,
    slug,
    path: `/cars/${slug}`,
    name,
    year,
    make: model.make,
    model: model.model,
    badge,
    series,
    colour,
    interior_colour: rv ? null : interiorColour,
    price,
    before_price: beforePrice,
    offer_price: offerPrice,
    // A weekly car-subscription price on a few new cars.
    subscription_price:
      carType === "new" && !rv && status === "in_stock" && rng.chance(0.015)
        ? Math.max(129, Math.round(price / 240))
        : null,
    preorder: false,
    price_type: carType === "used" && rng.chance(0.55) ? "Excl. Government Charges" : "Drive Away",
    km,
    stocknum,
    vin: makeVin(rng, model.make, badge, year, id, trailer),
    nvic: trailer || rng.chance(0.08) ? null : makeNvic(rng, year),
    has_nvic: false,
    regplate: registered ? makePlate(rng, location.state, trailer) : null,
    rego_expiry: registered ? isoDate(addDays(now, regoDays)) : null,
    build_date: isoDate(build),
    compliance_date: isoDate(compliance),
    status,
    car_type: carType,
    tag,
    reserved: status === "in_stock" && rng.chance(0.03),
    sold: status === "sold",
    certified,
    created_at: createdAt.toISOString(),
    views: Math.floor(rng.float() ** 2 * 3000),
    file: carType === "used" && rng.chance(0.35) ? HISTORY_REPORT_URL : null,
    location: `${location.street}, ${location.city} ${location.state} ${location.postcode}`,
    location_id: location.id,
    location_name: location.name,
    city: location.city,
    state: location.state,
    private_suburb: privateSeller?.[0] ?? null,
    private_postcode: privateSeller?.[1] ?? null,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    images,
    thumbnails: images.filter((im) => !im.video).map((im) => im.thumb.url),
    primary_image_url: images[0]?.url ?? null,
    video_url: hasVideo ? `https://www.youtube.com/watch?v=${ytId}` : null,
    external_video_url: hasVideo ? `https://www.youtube.com/embed/${ytId}` : null,
    walkaround_videos:
      spinSet && rng.chance(0.3) ? [`https://www.youtube.com/embed/${youtubeId(rng)}`] : null,
    videos: hasVideo ? [`https://www.youtube.com/watch?v=${ytId}`] : null,
    spin_images: spinSet
      ? Array.from({ length: SPIN_FRAMES }, (_, f) => url(spinFile(photoKind, photoP, f)))
      : null,
    spin_code: spinSet ? `HTS-${stocknum}` : null,
    spin_interior_image: spinSet ? url(`interior-${trim}-dash.jpg`) : null,
    hotspots: spinSet ? spinHotspots(photoKind, photoP, model, badge) : null,
    standardEquipment: equipment,
    dealercomments: dealerComments(rng, {
      name,
      carType,
      km,
      dealer: dealership.name,
      colour,
      equipment,
      ...(rv ? { rv } : {}),
    }),
    simple_body: simpleBody,
    simple_transmission: engine ? (engine.gear === "Manual" ? "Manual" : "Automatic") : null,
    simple_fuel: fuel?.[0] ?? null,
    simple_drive: engine?.drive ?? null,
    fuel: fuel?.[1] ?? null,
    drive: engine ? DRIVE_TEXT[engine.drive] : null,
    trans: engine ? transText(engine) : null,
    seats: model.seats || null,
    doors: trailer ? null : model.doors || null,
    engine_size: variant.enginesize,
    engine_size_litres: variant.enginesize_litres,
    gearnum: engine?.gears ?? null,
    bodyconfiguration: model.config,
    photos_count: images.filter((im) => !im.video).length,
    item_type: model.item ?? "car",
    sold_date_timestamp: soldAt,
    show_on_dealer_website: true,
    carsales_title: `${name}${series ? ` ${series}` : ""}${engine ? (engine.gear === "Manual" ? " Manual" : " Auto") : ""}${engine?.drive === "4WD" ? " 4x4" : ""}`,
    youxQuote: youx,
    autograb_data: autograb,
    body_width: rv?.width ?? null,
    body_length: rv?.length ?? null,
    tare_weight: rv?.tare ?? null,
    axle_type: rv?.axle ?? null,
    sleeps: rv?.sleeps ?? null,
    aggregate_trailer_mass: rv?.atm ?? null,
    variant,
    finance_lenders: finance,
    reserve_deposit: reserveDeposit,
  };
  car.has_nvic = car.nvic !== null;
  return car;
}
