/**
 * `npm run check` finds a circle between feature folders that runs through an .astro file, which
 * dependency-cruiser alone cannot read (scripts/lib/feature-cycles.ts), on a tiny tree of its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { astroImports, featureCycles } from "../../scripts/lib/feature-cycles";

let root: string;

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(os.tmpdir(), "feature-cycles-"));
  const all = { "tsconfig.json": '{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }', ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

const shop = {
  "src/features/shop/cart.ts":
    'import { price } from "~/features/pricing/price";\nexport const cart = price;\n',
  "src/features/pricing/price.ts": "export const price = 1;\n",
};

describe("feature cycles with .astro imports", () => {
  it("names a circle that one side closes in an .astro frontmatter, with the file of each step", async () => {
    tree({
      ...shop,
      "src/features/pricing/ui/Price.astro":
        '---\nimport { cart } from "../../shop/cart";\n---\n<p>{cart}</p>\n',
    });
    expect(await featureCycles(root)).toEqual([
      [
        "Feature cycle: pricing -> shop -> pricing",
        '  pricing -> shop: src/features/pricing/ui/Price.astro imports "../../shop/cart"',
        '  shop -> pricing: src/features/shop/cart.ts imports "~/features/pricing/price"',
      ].join("\n"),
    ]);
  });

  it("finds nothing when the .astro file imports only its own feature and a lower one", async () => {
    tree({
      ...shop,
      "src/features/shop/ui/Cart.astro":
        '---\nimport { price } from "~/features/pricing/price";\n---\n<p>{price}</p>\n',
    });
    expect(await featureCycles(root)).toEqual([]);
  });

  it("reads the frontmatter's and the scripts' imports, not the markup", () => {
    const source = [
      "---",
      'import Base from "~/layouts/Base.astro";',
      "import {",
      "  type Car,",
      "  isSold,",
      '} from "~/features/stock/stock";',
      "---",
      '<p>import nothing from "here"</p>',
      "<script>",
      '  import "./Cart.client";',
      "</script>",
    ].join("\n");
    expect(astroImports(source)).toEqual(["~/layouts/Base.astro", "~/features/stock/stock", "./Cart.client"]);
  });
});
