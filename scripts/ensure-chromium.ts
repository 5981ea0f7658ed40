/**
 * Makes sure a system Chromium exists before the e2e tests (Playwright never downloads a browser
 * here): installs Debian's `chromium` with apt when missing and running as root.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing; installing Debian's chromium with apt-get…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
  } else {
    console.error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium ` +
        "(or set CHROMIUM_PATH to an existing Chromium binary).",
    );
    process.exit(1);
  }
}
