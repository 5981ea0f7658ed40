/**
 * Makes sure a system Chromium exists before the e2e tests (Playwright never downloads a browser
 * here). The tests prefer Debian's `chromium-headless-shell` (the same Chromium build without the
 * full browser's UI layers: the browser tests take about half the time in it), installed with apt
 * when missing and running as root; the full `chromium` still works when the shell cannot be had.
 * CHROMIUM_PATH names any other binary.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { FULL_CHROMIUM, HEADLESS_SHELL } from "../playwright.config";

const chosen = process.env.CHROMIUM_PATH;
const isRoot = process.getuid?.() === 0;

if (chosen) {
  if (!existsSync(chosen)) {
    console.error(`CHROMIUM_PATH is ${chosen}, which does not exist.`);
    process.exit(1);
  }
} else if (!existsSync(HEADLESS_SHELL)) {
  if (isRoot) {
    console.log("Installing Debian's chromium-headless-shell with apt-get for the browser tests…");
    execSync(
      "(apt-get install -y -qq chromium-headless-shell || (apt-get update -qq && apt-get install -y -qq chromium-headless-shell))",
      { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } },
    );
  } else if (existsSync(FULL_CHROMIUM)) {
    console.warn(
      `Using ${FULL_CHROMIUM}; the browser tests run about twice as fast in the headless shell: ` +
        "sudo apt-get install -y chromium-headless-shell",
    );
  } else {
    console.error(
      "Chromium not found. Install it with: sudo apt-get install -y chromium-headless-shell " +
        "(or set CHROMIUM_PATH to an existing Chromium binary).",
    );
    process.exit(1);
  }
}
