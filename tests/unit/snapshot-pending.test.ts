/**
 * A rebuild starts Astro before the tenant's snapshot is written (scripts/lib/build-tenants/): with
 * TENANT_SNAPSHOT_PENDING the pages wait for the file to appear instead of failing, and read the
 * snapshot it holds once it is renamed into place.
 */
import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";

it("waits for a pending snapshot and reads it once it appears", async () => {
  vi.resetModules();
  const { currentTenant } = await import("~/tenant/tenant.server");
  const dir = mkdtempSync(path.join(os.tmpdir(), "snapshot-pending-"));
  const snapshot = path.join(dir, "tenant.7.json");
  const env = { TENANT: "westside-auto", TENANT_SNAPSHOT: snapshot, TENANT_SNAPSHOT_PENDING: "1" };
  let read: { site: { slug: string } } | null = null;
  const loading = currentTenant(env).then((data) => {
    read = data as never;
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(read).toBeNull();
  writeFileSync(`${snapshot}.tmp`, JSON.stringify({ site: { slug: "westside-auto" }, cars: [] }));
  renameSync(`${snapshot}.tmp`, snapshot);
  await loading;
  expect(read).toEqual({ site: { slug: "westside-auto" }, cars: [] });
});

it("without the mark, a missing snapshot fails at once", async () => {
  vi.resetModules();
  const { currentTenant } = await import("~/tenant/tenant.server");
  const missing = path.join(mkdtempSync(path.join(os.tmpdir(), "snapshot-missing-")), "tenant.json");
  await expect(currentTenant({ TENANT: "westside-auto", TENANT_SNAPSHOT: missing })).rejects.toThrow(
    /ENOENT/,
  );
});

it("without a snapshot, pages are told how to get one (they never read a tenant folder)", async () => {
  vi.resetModules();
  const { currentTenant } = await import("~/tenant/tenant.server");
  await expect(currentTenant({ TENANT: "westside-auto" })).rejects.toThrow(
    "No tenant snapshot: build with `npm run build` or run `TENANT=<slug> npm run dev`.",
  );
});
