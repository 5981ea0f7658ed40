/** Spec §9 sales counter: Australia/Brisbane time, +192 per day of the month, one per 450 s, 2 s count. */
import { describe, expect, it } from "vitest";
import {
  countFrame,
  SALES_COUNTER_ANIMATION_MS,
  SALES_COUNTER_REFRESH_MS,
  salesCount,
} from "~/features/stock/sales-counter";
import { makeSite } from "./helpers";

describe("sales counter: Brisbane time, +192 per day of the month, one per 450 s", () => {
  it.each([
    // The e2e suite's instant: 16 Dec 2026, 9:30 am in Brisbane: 15 days × 192 + 34 200 s / 450.
    ["2026-12-15T23:30:00Z", 0, 2956],
    ["2026-12-15T23:30:00Z", 1000, 3956],
    // Midnight on the 1st in Brisbane (14:00 UTC the day before) starts the month at the base.
    ["2026-11-30T14:00:00Z", 0, 0],
    ["2026-11-30T14:07:29Z", 0, 0],
    ["2026-11-30T14:07:30Z", 0, 1],
    // Last second of the 1st: 191; midnight of the 2nd: 192.
    ["2026-12-01T13:59:59Z", 0, 191],
    ["2026-12-01T14:00:00Z", 0, 192],
    // 31 Dec, 11:59:59 pm in Brisbane: 30 × 192 + 191.
    ["2026-12-31T13:59:59Z", 0, 5951],
    // Brisbane keeps no daylight saving: a Sydney summer midnight is 11 pm there, still the 31st.
    ["2026-12-31T13:00:00Z", 0, 5944],
  ])("at %s with base %d shows %d", (instant, base, count) => {
    expect(salesCount(new Date(instant), base)).toBe(count);
  });

  it("refreshes every 150 000 ms and counts up over 2 s", () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150_000);
    expect(SALES_COUNTER_ANIMATION_MS).toBe(2_000);
  });

  it("counts up eased to the new figure, or jumps there when the shopper prefers reduced motion", () => {
    expect(countFrame(2900, 2956, 0, false)).toBe(2900);
    expect(countFrame(2900, 2956, 1000, false)).toBe(2949);
    expect(countFrame(2900, 2956, 2000, false)).toBe(2956);
    expect(countFrame(2900, 2956, 5000, false)).toBe(2956);
    expect(countFrame(2900, 2956, 0, true)).toBe(2956);
  });

  it("is off unless site.json turns it on", () => {
    expect(makeSite().sales_counter).toEqual({ enabled: false, base: 0, label: "cars sold this month" });
  });
});
