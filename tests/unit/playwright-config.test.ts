/** The browser tests' configuration as CI and a developer get it. */
import { afterEach, describe, expect, it, vi } from "vitest";

async function configWith(ci: string | undefined) {
  vi.stubEnv("CI", ci);
  vi.resetModules();
  return (await import("../../playwright.config")).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("playwright.config.ts", () => {
  it("CI refuses a test.only left in a browser test; a developer may focus one", async () => {
    expect((await configWith("true")).forbidOnly).toBe(true);
    expect((await configWith(undefined)).forbidOnly).toBe(false);
  });
});
