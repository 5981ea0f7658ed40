/**
 * Dependency rules between feature folders, checked by `npm run check` (dependency-cruiser).
 *
 * A feature folder (src/features/<domain>/) owns its domain end to end; features may build on
 * one another, but never in a circle: when a feature needs something of a feature that needs it,
 * the shared piece moves to the folder that owns it (or to src/lib). Pages compose features, so no
 * feature imports a page.
 *
 * What it reads: every TypeScript module (.ts, .tsx, including the *.client.ts browser code and
 * type-only imports). dependency-cruiser has no parser for .astro files, so `npm run check` then
 * runs scripts/feature-cycles.ts: it adds the imports of every .astro file's frontmatter and
 * <script> blocks to the graph dependency-cruiser finds, and fails on any circle between features,
 * naming each step's file.
 */

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
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
    {
      name: "no-feature-imports-page",
      comment: "Pages compose features; a feature never imports a page.",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: "^src/pages/" },
    },
  ],
  options: {
    includeOnly: "^src/(features|pages)/",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
