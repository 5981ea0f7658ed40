/**
 * Dependency rules, checked by `npm run check` (dependency-cruiser): the layers of src/ (scripts/lib/layers.mjs)
 * and, inside the features layer, no circle between feature folders.
 *
 * A feature folder (src/features/<domain>/) owns its domain end to end; features may build on
 * one another, but never in a circle: when a feature needs something of a feature that needs it,
 * the shared piece moves to the folder that owns it (or to src/lib). Pages compose features, so no
 * feature imports a page.
 *
 * What it reads: every TypeScript module (.ts, .tsx, including the *.client.ts browser code and
 * type-only imports). dependency-cruiser has no parser for .astro files, so `npm run check` then
 * runs scripts/import-rules.ts: it adds the imports of every .astro file's frontmatter and
 * <script> blocks to the graph dependency-cruiser finds, and fails on any layer broken or circle
 * between features, naming each step's file.
 */

import { LAYER_EXCEPTIONS, LAYERS } from "./scripts/lib/layers.mjs";

/** One rule per layer: nothing in it imports a layer above it, but for the named exceptions. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} sits below ${LAYERS.slice(index + 1)
    .map((above) => above.name)
    .join(", ")} (scripts/lib/layers.mjs): move the piece down, or name the exception there with its reason.`,
  severity: "error",
  from: { path: layer.path },
  to: {
    path: LAYERS.slice(index + 1)
      .map((above) => `(?:${above.path})`)
      .join("|"),
    pathNot: LAYER_EXCEPTIONS.map((exception) => exception.to).join("|") || "^$",
  },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: "no-feature-cycle",
      comment:
        "Features must not depend on each other in a circle. Move the shared piece to the feature that owns it, or to src/lib.",
      severity: "error",
      scope: "folder",
      // A folder of one feature depending on another feature's folder, on a circle back to it
      // (a feature's own sub-folders, such as search/ and search/engine/, may import each other).
      from: { path: "^src/features/([^/]+)" },
      to: { path: "^src/features/", pathNot: "^src/features/$1(?:/|$)", circular: true },
    },
  ],
  options: {
    includeOnly: "^src/",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
