/**
 * The test-drive day picker (src/features/appointments/appointment-days.ts): two weeks of the
 * location's calendar from its own today, labelled for shoppers.
 */
import { describe, expect, it } from "vitest";
import { BOOKABLE_DAYS, bookableDays, todayIn } from "~/features/appointments/appointment-days";

describe("todayIn(timeZone, now)", () => {
  it.each([
    // 22:30 UTC on 22 Nov is already 23 Nov on the east coast, still 22 Nov in Perth.
    ["Australia/Sydney", "2026-11-22T22:30:00Z", "2026-11-23"],
    ["Australia/Brisbane", "2026-11-22T22:30:00Z", "2026-11-23"],
    ["Australia/Perth", "2026-11-22T22:30:00Z", "2026-11-23"],
    ["Australia/Perth", "2026-11-22T15:59:00Z", "2026-11-22"],
    ["Australia/Adelaide", "2026-11-22T13:29:00Z", "2026-11-22"],
    ["Australia/Adelaide", "2026-11-22T13:31:00Z", "2026-11-23"],
  ])("%s at %s is %s", (zone, now, today) => {
    expect(todayIn(zone, new Date(now))).toBe(today);
  });
});

describe("bookableDays(today)", () => {
  it("offers two weeks from today, labelled Today, Tomorrow, then the weekday", () => {
    const days = bookableDays("2026-11-23");
    expect(days).toHaveLength(BOOKABLE_DAYS);
    expect(BOOKABLE_DAYS).toBe(14);
    expect(days.slice(0, 3)).toEqual([
      { value: "2026-11-23", label: "Today, Mon 23 Nov" },
      { value: "2026-11-24", label: "Tomorrow, Tue 24 Nov" },
      { value: "2026-11-25", label: "Wed 25 Nov" },
    ]);
    expect(days.at(-1)).toEqual({ value: "2026-12-06", label: "Sun 6 Dec" });
  });

  it("crosses month and year ends and leap days", () => {
    expect(bookableDays("2026-12-31", 2).map((d) => d.value)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(bookableDays("2028-02-28", 3).map((d) => d.value)).toEqual([
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
  });
});
