/**
 * Deterministic sample data: the stock feed of the five sample tenants plus the photos their cars
 * and offers point at, drawn locally as SVG and encoded with sharp. Everything else a sample tenant
 * is made of (site.json, locations, offers, reviews, pages, blog) is committed under tenants/ and
 * is the source: the generator reads it and never writes it.
 *
 * Everything time-relative is computed from `now`; with the same `now` (and seed) the output is
 * byte-identical. The photos are a finite shared set (body × colour × view, interiors, details,
 * spin frames) referenced by many cars, so re-runs only render what is missing.
 *
 * Folders by concern: render/ (the SVG car renderer and the photo set), catalogue/ (models on
 * sale), identifiers.ts (VINs, plates), stock/ (cars and their scenarios), tenants/ (the sample
 * dealers and their folders on disk), content/ (the benchmark tenants' locations and offer),
 * bench.ts (benchmark tenants), cli.ts (`npm run sample-data`).
 */
export { benchTenant } from "./bench";
export { isValidVin } from "./identifiers";
export { contrastRatio } from "./render/colour";
export { ensureImages } from "./render/photos";
export { stockFileText } from "./stock";
export {
  ensureSampleData,
  refreshSampleTenants,
  type SampleTenantData,
  sampleTenant,
  startOfUtcDay,
} from "./tenants/files";
export type { TenantProfile } from "./tenants/profile";
export { SAMPLE_TENANTS } from "./tenants/samples";
