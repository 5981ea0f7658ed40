import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT) || 4399;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug to fix, not to retry: CI runs each test once, as a developer does.
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
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
