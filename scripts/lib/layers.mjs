/**
 * The layers of src/, bottom first: a module imports only from its own layer or one below it, so
 * the code reads bottom-up and each layer can be understood without those above it. Checked by
 * `npm run check`: dependency-cruiser for TypeScript modules (.dependency-cruiser.mjs) and
 * scripts/import-rules.ts for the imports of .astro files, which dependency-cruiser cannot read.
 *
 * - lib:      what no feature owns (dates, formatting, escaping, the database layer, UI primitives).
 * - tenant:   a tenant's config: the site.json schema, the config data schemas, the snapshot reader.
 * - server:   the function kit: request context, tenant of a request, errors, rate limits, signatures.
 * - features: one domain each (stock, search, leads, …), never in a circle (scripts/lib/import-rules.ts).
 * - snapshot: assembling a tenant out of features and the page rebuild keys (build and dev only).
 * - entry:    what runs: pages and their layouts, functions, the middleware. scripts/ and tests/
 *             sit above src/ and may import any layer.
 */
export const LAYERS = [
  { name: "lib", path: "^src/(lib|styles)/" },
  { name: "tenant", path: "^src/tenant/" },
  { name: "server", path: "^src/server/" },
  { name: "features", path: "^src/features/" },
  { name: "snapshot", path: "^src/snapshot/" },
  { name: "entry", path: "^src/(pages|layouts|functions)/|^src/middleware\\.ts$" },
];

/**
 * Imports allowed against the order, each with its reason. `from` and `to` are path patterns.
 * Keep this list short: an entry here is a piece that belongs in a lower layer.
 */
export const LAYER_EXCEPTIONS = [];

/** The layer of a path relative to the root (forward slashes), or null outside src/'s layers. */
export function layerOf(file) {
  const index = LAYERS.findIndex((layer) => new RegExp(layer.path).test(file));
  return index === -1 ? null : index;
}

/** Whether `from` may import `to` by the layer order and its named exceptions. */
export function importAllowed(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === null || b === null || b <= a) return true;
  return LAYER_EXCEPTIONS.some((e) => new RegExp(e.from).test(from) && new RegExp(e.to).test(to));
}
