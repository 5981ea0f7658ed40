import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT) || 4399;

/**
 * Sample tenants with a promo popup start every test having dismissed it (the popup is modal and
 * would otherwise cover the page); tests of the popup itself start from an empty storage state.
 */
function promoDismissed() {
  const dir = path.resolve("tenants");
  return readdirSync(dir).flatMap((slug) => {
    const file = path.join(dir, slug, "site.json");
    if (!existsSync(file)) return [];
    const site = JSON.parse(readFileSync(file, "utf8"));
    const promo = site.vdp_config?.promo_popup;
    if (!promo?.id) return [];
    return [
      {
        origin: `http://${slug}.localhost:${E2E_PORT}`,
        localStorage: [{ name: `promo-dismissed:${slug}`, value: promo.id }],
      },
    ];
  });
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    storageState: { cookies: [], origins: promoDismissed() },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
    // Builds every sample tenant, then serves them the way `npm start` does.
    command: "tsx scripts/serve.ts",
    env: { PORT: String(E2E_PORT) },
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 900_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
  },
});
