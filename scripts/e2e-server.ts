/**
 * The browser tests' server (playwright.config.ts starts it with E2E_ENV): the fixture tenants
 * built for the suite's pinned instant into dist-test/, served as `npm start` serves, on a fresh
 * database each run so no earlier run's leads, sessions or rate limits change what a test sees.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/build-tenants";
import { ensureImages } from "./sample-data";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !process.env.TEST_NOW || !process.env.TENANTS_DIR) {
  console.error("scripts/e2e-server.ts runs under Playwright (playwright.config.ts sets its environment).");
  process.exit(1);
}
rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
// The fixture cars show the sample photos; a fresh clone renders them once.
await ensureImages(path.join(ROOT, "public"));
await import("./serve");
