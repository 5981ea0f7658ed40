/**
 * `npm run check` finds a circle between feature folders, or a layer broken, through an .astro file,
 * which dependency-cruiser alone cannot read (scripts/lib/import-rules.ts), on a tiny tree of its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { astroImports, astroLayerViolations, featureCycles } from "../../scripts/lib/import-rules";

let root: string;

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
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

describe("layers with .astro imports", () => {
  it("names an .astro file of a feature that imports a layout, and one of tenant/ importing a feature", () => {
    tree({
      ...shop,
      "src/layouts/Base.astro": "<slot />\n",
      "src/features/shop/ui/ShopPage.astro": '---\nimport Base from "~/layouts/Base.astro";\n---\n<Base />\n',
      "src/tenant/ui/Logo.astro":
        '---\nimport { price } from "../../features/pricing/price";\n---\n<p>{price}</p>\n',
    });
    expect(astroLayerViolations(root)).toEqual([
      'src/features/shop/ui/ShopPage.astro (features) imports "~/layouts/Base.astro" (entry), a layer above it',
      'src/tenant/ui/Logo.astro (tenant) imports "../../features/pricing/price" (features), a layer above it',
    ]);
  });

  it("lets pages and layouts import any layer, and a feature its own layer and those below", () => {
    tree({
      ...shop,
      "src/lib/ui/Field.astro": "<input />\n",
      "src/features/shop/ui/Cart.astro": '---\nimport Field from "~/lib/ui/Field.astro";\n---\n<Field />\n',
      "src/layouts/Shop.astro": '---\nimport Cart from "~/features/shop/ui/Cart.astro";\n---\n<Cart />\n',
      "src/pages/index.astro": '---\nimport Shop from "../layouts/Shop.astro";\n---\n<Shop />\n',
    });
    expect(astroLayerViolations(root)).toEqual([]);
  });
});
