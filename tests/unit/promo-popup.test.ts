/**
 * The promo popup's window and dismissal as pure rules, at the edges the browser tests (pinned to
 * one instant) cannot reach.
 */
import { describe, expect, it } from "vitest";
import { promoDismissedKey, showsPromo } from "~/features/offers/offers";

describe("promo popup window (spec §4/§5: active on/after start and on/before expiry, each optional)", () => {
  const promo = { id: "summer", start: "2026-11-01T00:00:00+10:00", expiry: "2027-02-28T23:59:59+10:00" };
  it.each([
    ["before its start", "2026-10-31T13:59:59Z", false],
    ["at its start", "2026-10-31T14:00:00Z", true],
    ["inside its window", "2026-12-15T23:30:00Z", true],
    ["at its expiry", "2027-02-28T13:59:59Z", true],
    ["after its expiry", "2027-02-28T14:00:00Z", false],
  ])("%s: %s → %s", (_, now, shown) => {
    expect(showsPromo(promo, null, new Date(now))).toBe(shown);
  });

  it("an open-ended promo shows from its start on; one with neither date always", () => {
    expect(showsPromo({ id: "eofy", start: promo.start }, null, new Date("2030-01-01T00:00:00Z"))).toBe(true);
    expect(showsPromo({ id: "always" }, null, new Date("2020-01-01T00:00:00Z"))).toBe(true);
  });

  it("once dismissed (this promo's id stored for the site) it stays closed; another promo's dismissal does not count", () => {
    const now = new Date("2026-12-15T23:30:00Z");
    expect(showsPromo(promo, "summer", now)).toBe(false);
    expect(showsPromo(promo, "last-year", now)).toBe(true);
    expect(promoDismissedKey("harbourside-toyota")).toBe("promo-dismissed:harbourside-toyota");
  });
});
