/**
 * The Special Offers page as Astro renders it (Container API) for a tenant with no offer running
 * at build time: every fixture tenant has offers running at the browser tests' instant, so the
 * empty state is checked here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSnapshot } from "./leads-helpers";

const cache = mkdtempSync(path.join(os.tmpdir(), "special-offers-"));
const snapshot = path.join(cache, "no-offers-motors", "tenant.json");
const saved = process.env.TENANT_SNAPSHOT;

beforeAll(() => {
  writeSnapshot(cache, "no-offers-motors", { name: "No Offers Motors" });
  // One offer, ended before the build: it is not running, so the page has none to show.
  const data = JSON.parse(readFileSync(snapshot, "utf8"));
  data.now = "2026-12-15T23:30:00Z";
  data.offers = [
    {
      id: 9901,
      name: "Qashqai runout",
      description: "Runout pricing on remaining Qashqai ST+ stock from last model year.",
      sanitized_description: "Runout pricing on remaining Qashqai ST+ stock from last model year.",
      disclaimer: "While stocks last.",
      category: "New vehicle offer",
      image_url: null,
      image_or_model_image: null,
      model: null,
      manufacturer: { name: "Nissan" },
      excluded_website_ids: [],
      start: "2026-10-01T00:00:00+10:00",
      expiry: "2026-11-25T00:00:00+11:00",
    },
  ];
  writeFileSync(snapshot, JSON.stringify(data));
  process.env.TENANT_SNAPSHOT = snapshot;
});
afterAll(() => {
  if (saved === undefined) delete process.env.TENANT_SNAPSHOT;
  else process.env.TENANT_SNAPSHOT = saved;
  rmSync(cache, { recursive: true, force: true });
});

describe("Special Offers with no offer running", () => {
  it("says so, shows no card, and points to all the stock", async () => {
    const { default: SpecialOffers } = await import("~/pages/special-offers.astro");
    const container = await AstroContainer.create();
    const html = await container.renderToString(SpecialOffers);
    // Astro's scoped-style attributes aside, the markup as the shopper's browser gets it.
    const main = (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? "").replace(/ data-astro-cid-\w+/g, "");
    expect(main).toMatch(/<h1[^>]*>Special Offers<\/h1>/);
    expect(main).toContain(
      "<p>There are no special offers running right now. Our stock is always worth a look.</p>",
    );
    expect(main).toMatch(
      /<a class="btn" href="\/search\/new-used-and-demo-cars"[^>]*>Browse all vehicles<\/a>/,
    );
    expect(main).not.toContain("<article");
    expect(main).not.toContain("Qashqai runout");
  });
});
