import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** Debian's `chromium-headless-shell`: the browser tests take about half the time in it. */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT) || 4399;

/**
 * The instant the browser tests live at (Wednesday 16 December 2026, 10:30 am in Sydney). The
 * fixture tenants were made for it, the test build is dated to it (SOURCE_DATE_EPOCH), every page
 * starts its clock at it (support.ts) and the test server's functions run from it (TEST_NOW), so
 * sold windows, just-arrived tags, campaigns, holiday hours and appointment slots agree and are the
 * same on any day the suite runs.
 */
export const E2E_NOW = "2026-12-15T23:30:00Z";

/**
 * The test build's own folders: the fixture tenants in, dist-test/ out, and a database, build
 * cache and reports of its own, so `npm start`'s sample sites (dated today) are never touched.
 */
export const E2E_ENV = {
  PORT: String(E2E_PORT),
  TENANTS_DIR: "tests/fixtures/e2e-tenants",
  DIST_DIR: "dist-test",
  TENANT_CACHE_DIR: ".cache-test",
  REPORTS_DIR: "reports-test",
  DATA_DIR: process.env.DATA_DIR || ".data-test",
  SOURCE_DATE_EPOCH: String(Date.parse(E2E_NOW) / 1000),
  TEST_NOW: E2E_NOW,
} as const;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug to fix, not to retry: CI runs each test once, as a developer does.
  retries: 0,
  // A test.only left in a commit would quietly skip every other browser test in CI.
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    launchOptions: {
      executablePath:
        process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // Builds the fixture tenants at E2E_NOW, then serves them the way `npm start` does.
    command: "tsx scripts/e2e-server.ts",
    env: E2E_ENV,
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 900_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
  },
});
