/**
 * `npm run check`, after dependency-cruiser: no circle between feature folders, counting the
 * imports of .astro files that dependency-cruiser cannot read (scripts/lib/feature-cycles.ts).
 */
import { featureCycles } from "./lib/feature-cycles";

const cycles = await featureCycles(process.cwd());
if (cycles.length > 0) {
  console.error(
    `${cycles.join("\n\n")}\n\nFeatures must not depend on each other in a circle (.astro imports included). ` +
      "Move the shared piece to the feature that owns it, or let the page compose the two features.",
  );
  process.exit(1);
}
console.log("✔ no feature cycles (.astro imports included)");
