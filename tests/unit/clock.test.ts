/**
 * The functions' clock: real time, or the e2e runner's pinned instant (TEST_NOW) advancing from
 * there; a deployed function refuses the pin instead of misdating leads and sessions.
 */
import { describe, expect, it } from "vitest";
import { now, pinnedInstant, TEST_CLOCK_REFUSED } from "~/server/clock";

describe("the functions' clock", () => {
  it("is the real time when nothing pins it", () => {
    const before = Date.now();
    const read = now({}).getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
    expect(pinnedInstant({})).toBeNull();
  });

  it("starts at TEST_NOW and moves on with real time", async () => {
    const env = { TEST_NOW: "2026-12-15T23:30:00Z" };
    const first = now(env).getTime();
    expect(first).toBeGreaterThanOrEqual(Date.parse("2026-12-15T23:30:00Z"));
    // Less than a minute has passed since this module loaded.
    expect(first).toBeLessThan(Date.parse("2026-12-15T23:31:00Z"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(now(env).getTime()).toBeGreaterThan(first);
  });

  it.each([
    ["NETLIFY", { NETLIFY: "true" }],
    ["AWS_LAMBDA_FUNCTION_NAME", { AWS_LAMBDA_FUNCTION_NAME: "leads" }],
  ])("refuses TEST_NOW when %s is set", (_name, deployed) => {
    const env = { TEST_NOW: "2026-12-15T23:30:00Z", ...deployed };
    expect(() => now(env)).toThrow(TEST_CLOCK_REFUSED);
    expect(TEST_CLOCK_REFUSED).toBe(
      "TEST_NOW is set on a deployed function: it pins the clock for the test runner only. Remove it from the site's environment variables.",
    );
  });

  it("is the real time on a deployed function that has no TEST_NOW", () => {
    expect(pinnedInstant({ NETLIFY: "true" })).toBeNull();
  });

  it("says what is wrong with a TEST_NOW that is not an instant", () => {
    expect(() => now({ TEST_NOW: "next tuesday" })).toThrow(
      'TEST_NOW must be an ISO 8601 instant, not "next tuesday"',
    );
  });
});
