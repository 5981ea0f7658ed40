/**
 * `npm run check`, after dependency-cruiser: the layers (scripts/lib/layers.mjs) and no circle
 * between features, counting the imports of .astro files that dependency-cruiser cannot read
 * (scripts/lib/import-rules.ts).
 */
import { astroLayerViolations, featureCycles } from "./lib/import-rules";

const root = process.cwd();
const layers = astroLayerViolations(root);
const cycles = await featureCycles(root);
if (layers.length > 0) {
  console.error(
    `${layers.join("\n")}\n\nA module imports only its own layer or those below it (scripts/lib/layers.mjs). ` +
      "Move the piece down, or let the page compose it.",
  );
}
if (cycles.length > 0) {
  console.error(
    `${cycles.join("\n\n")}\n\nFeatures must not depend on each other in a circle (.astro imports included). ` +
      "Move the shared piece to the feature that owns it, or let the page compose the two features.",
  );
}
if (layers.length > 0 || cycles.length > 0) process.exit(1);
console.log("✔ layers kept and no feature cycles (.astro imports included)");
