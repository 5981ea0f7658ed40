/** Which folder's tenants get generated sample stock before a build, a serve or a dev server. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { holdsSampleTenants } from "../../scripts/lib/tenant-selection";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("sample stock is generated whenever the folder is the samples' own", () => {
  it.each([
    ["TENANTS_DIR=tenants, as a fresh clone's README names it", "tenants"],
    ["a trailing slash", "tenants/"],
    ["a dotted spelling", "./tenants"],
    ["the absolute path", path.join(ROOT, "tenants")],
  ])("%s", (_, dir) => {
    expect(holdsSampleTenants(dir)).toBe(true);
  });

  it.each([
    ["the fixture tenants", "tests/fixtures/e2e-tenants"],
    ["a dealer's own folder", "/srv/dealers"],
    ["a folder beside the samples", "tenants-old"],
  ])("but never in %s, whose stock is the dealer's own", (_, dir) => {
    expect(holdsSampleTenants(dir)).toBe(false);
  });
});
