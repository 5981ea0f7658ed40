/**
 * Popular Australian cars with a typical new price: the makes and models the car step suggests,
 * and the data of the local rego and valuation stand-ins (a provider replaces those, never the
 * suggestions). Data only.
 */
export interface CatalogModel {
  make: string;
  model: string;
  badges: readonly string[];
  /** Typical drive-away price new, in dollars. */
  newPrice: number;
}

export const VEHICLE_CATALOG: readonly CatalogModel[] = [
  { make: "Toyota", model: "Corolla", badges: ["Ascent Sport", "SX", "ZR"], newPrice: 32_000 },
  { make: "Toyota", model: "RAV4", badges: ["GX", "GXL", "Cruiser"], newPrice: 45_000 },
  { make: "Toyota", model: "HiLux", badges: ["Workmate", "SR", "SR5"], newPrice: 56_000 },
  { make: "Toyota", model: "LandCruiser Prado", badges: ["GX", "GXL", "VX"], newPrice: 78_000 },
  { make: "Mazda", model: "CX-5", badges: ["Maxx", "Maxx Sport", "Touring", "Akera"], newPrice: 42_000 },
  { make: "Mazda", model: "Mazda3", badges: ["G20 Pure", "G20 Evolve", "G25 GT"], newPrice: 33_000 },
  { make: "Hyundai", model: "i30", badges: ["Active", "Elite", "N Line"], newPrice: 29_000 },
  { make: "Hyundai", model: "Tucson", badges: ["Elite", "Highlander"], newPrice: 42_000 },
  { make: "Kia", model: "Sportage", badges: ["S", "SX", "GT-Line"], newPrice: 40_000 },
  { make: "Kia", model: "Cerato", badges: ["S", "Sport", "GT"], newPrice: 29_000 },
  { make: "Ford", model: "Ranger", badges: ["XL", "XLT", "Wildtrak"], newPrice: 60_000 },
  { make: "Ford", model: "Everest", badges: ["Trend", "Sport", "Platinum"], newPrice: 65_000 },
  { make: "Mitsubishi", model: "Triton", badges: ["GLX", "GLX+", "GLS"], newPrice: 46_000 },
  { make: "Mitsubishi", model: "Outlander", badges: ["ES", "LS", "Exceed"], newPrice: 41_000 },
  { make: "Nissan", model: "X-Trail", badges: ["ST", "ST-L", "Ti"], newPrice: 42_000 },
  { make: "Nissan", model: "Navara", badges: ["SL", "ST", "ST-X"], newPrice: 52_000 },
  { make: "Volkswagen", model: "Golf", badges: ["Life", "R-Line", "GTI"], newPrice: 40_000 },
  { make: "Subaru", model: "Forester", badges: ["2.5i", "2.5i-L", "2.5i-S"], newPrice: 42_000 },
  { make: "Isuzu", model: "D-Max", badges: ["SX", "LS-U", "X-Terrain"], newPrice: 54_000 },
  { make: "Honda", model: "CR-V", badges: ["VTi", "VTi L", "e:HEV RS"], newPrice: 45_000 },
  { make: "MG", model: "ZS", badges: ["Vibe", "Excite", "Essence"], newPrice: 25_000 },
  { make: "Tesla", model: "Model 3", badges: ["Rear-Wheel Drive", "Long Range"], newPrice: 60_000 },
];

/** A catalog model by make and model, ignoring case and spacing. */
export function findCatalogModel(make: string, model: string): CatalogModel | undefined {
  const key = (s: string) => s.toLowerCase().replace(/[\s-]+/g, "");
  return VEHICLE_CATALOG.find((entry) => key(entry.make) === key(make) && key(entry.model) === key(model));
}

/** Typical new price for any car: its catalog model, else its make's average, else the market's. */
export function typicalNewPrice(make: string, model: string): number {
  const exact = findCatalogModel(make, model);
  if (exact) return exact.newPrice;
  const key = make.toLowerCase().trim();
  const sameMake = VEHICLE_CATALOG.filter((entry) => entry.make.toLowerCase() === key);
  const pool = sameMake.length > 0 ? sameMake : VEHICLE_CATALOG;
  return Math.round(pool.reduce((sum, entry) => sum + entry.newPrice, 0) / pool.length);
}
