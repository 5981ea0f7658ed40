import { describe, expect, it } from "vitest";
import {
  autoDealerJsonLd,
  dedupeLocationPhones,
  formatPhone,
  formatTime,
  holidayHours,
  isOpenNow,
  LOCATION_TYPE_ORDER,
  MAP_ZOOM,
  mapEmbedUrl,
  openingHoursRows,
  phoneDigits,
  sortLocations,
  telHref,
  uniquePhones,
} from "~/features/locations/locations";
import type { OpeningHour, SpecialHour } from "~/tenant/schemas/locations";
import { makeLocation, NOW } from "./helpers";

describe("phone format (spec §5)", () => {
  it.each<[string, string]>([
    ["07 3123 4567", "07 3123 4567"],
    ["0731234567", "07 3123 4567"],
    ["(07) 3123-4567", "07 3123 4567"],
    ["+61 7 3123 4567", "07 3123 4567"],
    ["+61731234567", "07 3123 4567"],
    ["+61 (0)7 3123 4567", "07 3123 4567"],
    ["+610731234567", "07 3123 4567"],
    ["61 7 3123 4567", "07 3123 4567"],
    ["0061 7 3123 4567", "07 3123 4567"],
    ["+61 412 345 678", "04 1234 5678"],
    ["0412 345 678", "04 1234 5678"],
    ["0412-345-678", "04 1234 5678"],
    ["1300 123 456", "13 0012 3456"],
    ["1800 123 456", "18 0012 3456"],
    ["  07 3123 4567  ", "07 3123 4567"],
    ["13 12 34", "13 12 34"],
    ["  131 234 ", "131 234"],
    ["+64 9 123 4567", "+64 9 123 4567"],
    ["07 3123 4567 ext 2", "07 3123 4567 ext 2"],
    ["", ""],
  ])("formats %j as %j", (raw, formatted) => {
    expect(formatPhone(raw)).toBe(formatted);
  });

  it.each<[string, string, string]>([
    ["+61 7 3123 4567", "0731234567", "tel:0731234567"],
    ["(07) 3123-4567", "0731234567", "tel:0731234567"],
    ["+61 (0)4 1234 5678", "0412345678", "tel:0412345678"],
    ["13 12 34", "131234", "tel:131234"],
    ["+64 9 123 4567", "6491234567", "tel:+6491234567"],
  ])("reads %j as digits %s and links it as %s", (raw, digits, href) => {
    expect(phoneDigits(raw)).toBe(digits);
    expect(telHref(raw)).toBe(href);
  });
});

describe("phone duplicates by digits (spec §5)", () => {
  it("keeps the first spelling of each number and treats +61 as 0", () => {
    expect(
      uniquePhones([
        "+61 7 3123 4567",
        "07 3123 4567",
        "(07) 3123-4567",
        "0412 345 678",
        null,
        "",
        "+61412345678",
      ]),
    ).toEqual(["+61 7 3123 4567", "0412 345 678"]);
  });

  it("keeps numbers that differ by a digit", () => {
    expect(uniquePhones(["07 3123 4567", "07 3123 4568"])).toEqual(["07 3123 4567", "07 3123 4568"]);
  });

  it("drops a location whose phone an earlier location lists, ignoring formatting", () => {
    const sales = makeLocation({ id: 1, contact_detail: { phone: "07 3123 4567" } });
    const service = makeLocation({ id: 2, contact_detail: { phone: "+61 (0)7 3123-4567" } });
    const noPhone = makeLocation({ id: 3, contact_detail: { phone: null } });
    const parts = makeLocation({ id: 4, contact_detail: { phone: "07 3123 9999" } });
    const partsAgain = makeLocation({ id: 5, contact_detail: { phone: "0731239999" } });
    expect(dedupeLocationPhones([sales, service, noPhone, parts, partsAgain]).map((l) => l.id)).toEqual([
      1, 3, 4,
    ]);
  });
});

const open = (weekday: number, from: string, to: string): OpeningHour => ({
  weekday,
  status: "Open",
  open: from,
  close: to,
});
const closed = (weekday: number): OpeningHour => ({ weekday, status: "Closed" });
const weekdays = (from: string, to: string) => [1, 2, 3, 4, 5].map((day) => open(day, from, to));

describe("opening hours (spec §9)", () => {
  it.each<[string, string]>([
    ["00:00", "12:00am"],
    ["07:30", "7:30am"],
    ["08:00", "8:00am"],
    ["12:00", "12:00pm"],
    ["12:30", "12:30pm"],
    ["16:30", "4:30pm"],
    ["23:59", "11:59pm"],
  ])("reads %s as %s", (time, text) => {
    expect(formatTime(time)).toBe(text);
  });

  it("collapses Mon-Fri to one line when all five are equal", () => {
    expect(openingHoursRows([...weekdays("08:00", "17:00"), open(6, "08:00", "12:00"), closed(0)])).toEqual([
      { label: "Mon - Fri", text: "8:00am - 5:00pm" },
      { label: "Sat", text: "8:00am - 12:00pm" },
      { label: "Sun", text: "Closed" },
    ]);
  });

  it("lists each weekday when Friday differs", () => {
    const hours = [
      ...weekdays("08:00", "17:00").slice(0, 4),
      open(5, "08:00", "16:00"),
      closed(6),
      closed(0),
    ];
    expect(openingHoursRows(hours)).toEqual([
      { label: "Mon", text: "8:00am - 5:00pm" },
      { label: "Tue", text: "8:00am - 5:00pm" },
      { label: "Wed", text: "8:00am - 5:00pm" },
      { label: "Thu", text: "8:00am - 5:00pm" },
      { label: "Fri", text: "8:00am - 4:00pm" },
      { label: "Sat", text: "Closed" },
      { label: "Sun", text: "Closed" },
    ]);
  });

  it("reads days missing from the list as Closed", () => {
    const rows = openingHoursRows([...weekdays("08:30", "17:30"), open(6, "09:00", "13:00")]);
    expect(rows.at(-1)).toEqual({ label: "Sun", text: "Closed" });
  });

  it("does not collapse Mon-Fri when a weekday is missing", () => {
    const hours = weekdays("08:00", "17:00").filter((hour) => hour.weekday !== 3);
    const rows = openingHoursRows(hours);
    expect(rows.map((row) => row.label)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(rows[2]).toEqual({ label: "Wed", text: "Closed" });
  });

  it("reads a day with status Closed as Closed even when it carries times", () => {
    const rows = openingHoursRows([{ weekday: 6, status: "Closed", open: "08:00", close: "12:00" }]);
    expect(rows.find((row) => row.label === "Sat")?.text).toBe("Closed");
  });

  it("prefers the feed's formatted hours", () => {
    const rows = openingHoursRows([
      { weekday: 6, status: "Open", open: "08:00", close: "12:00", formated_hours: "By appointment" },
    ]);
    expect(rows.find((row) => row.label === "Sat")?.text).toBe("By appointment");
  });

  it("collapses Mon-Fri when all five are closed", () => {
    expect(openingHoursRows([open(6, "08:00", "12:00")])[0]).toEqual({ label: "Mon - Fri", text: "Closed" });
  });

  it("lists Monday first whatever order the feed uses", () => {
    const rows = openingHoursRows([
      closed(0),
      open(6, "09:00", "13:00"),
      ...weekdays("08:00", "17:00").reverse(),
    ]);
    expect(rows.map((row) => row.label)).toEqual(["Mon - Fri", "Sat", "Sun"]);
  });

  it("shows the spec's service hours: Mon-Fri 7:30-4:30, weekends closed", () => {
    expect(openingHoursRows([...weekdays("07:30", "16:30"), closed(6), closed(0)])).toEqual([
      { label: "Mon - Fri", text: "7:30am - 4:30pm" },
      { label: "Sat", text: "Closed" },
      { label: "Sun", text: "Closed" },
    ]);
  });

  it("shows no table for a location without any hours", () => {
    expect(openingHoursRows([])).toEqual([]);
  });
});

const special = (date: string, fields: Partial<SpecialHour> = {}): SpecialHour => ({
  date,
  status: "Open",
  location_id: 1,
  ...fields,
});

describe("holiday hours (spec §4: only dates with hours)", () => {
  const days: SpecialHour[] = [
    special("2026-12-31", { hours: { begin: "08:00", end: "12:00" } }),
    special("2026-12-25", { start_hour: "09:00", end_hour: "13:00", name: "Christmas Day" }),
    special("2026-06-14", { start_hour: "09:00", end_hour: "13:00" }),
    special("2026-06-15", { start_hour: "10:00", end_hour: "14:00" }),
    special("2026-12-26", { status: "Closed" }),
    special("2026-12-28", { status: "Closed", start_hour: "09:00", end_hour: "17:00" }),
    special("2027-01-01"),
  ];

  it("lists upcoming dates with hours, soonest first", () => {
    expect(holidayHours(days, NOW)).toEqual([
      {
        date: "2026-06-15",
        label: "Mon 15 Jun",
        hours: "10:00am - 2:00pm",
        text: "Mon 15 Jun: 10:00am - 2:00pm",
      },
      {
        date: "2026-12-25",
        label: "Fri 25 Dec",
        hours: "9:00am - 1:00pm",
        text: "Fri 25 Dec: 9:00am - 1:00pm",
        name: "Christmas Day",
      },
      {
        date: "2026-12-31",
        label: "Thu 31 Dec",
        hours: "8:00am - 12:00pm",
        text: "Thu 31 Dec: 8:00am - 12:00pm",
      },
    ]);
  });

  it("leaves out closed days even when they carry times", () => {
    expect(holidayHours(days, NOW).map((day) => day.date)).not.toContain("2026-12-28");
  });

  it("decides 'today' in the location's time zone", () => {
    const lateOn14thInPerth = new Date("2026-06-14T15:00:00Z");
    expect(holidayHours(days, lateOn14thInPerth).map((day) => day.date)).not.toContain("2026-06-14");
    expect(holidayHours(days, lateOn14thInPerth, "Australia/Perth").map((day) => day.date)).toContain(
      "2026-06-14",
    );
  });
});

describe("location order (spec §9: sales, service, parts)", () => {
  it("orders types sales, service, parts", () => {
    expect(LOCATION_TYPE_ORDER).toEqual(["sales", "service", "parts"]);
  });

  it("sorts by type, then primary first, then name; empty is sales and service-and-parts sits with service", () => {
    const locations = [
      makeLocation({ id: 1, name: "Parts Depot", location_type: "parts" }),
      makeLocation({ id: 2, name: "Zillmere Service", location_type: "service" }),
      makeLocation({ id: 3, name: "Aspley Service and Parts", location_type: "service-and-parts" }),
      makeLocation({ id: 4, name: "Brendale Sales", location_type: "" }),
      makeLocation({ id: 5, name: "Zillmere Sales", location_type: "sales", primary: true }),
      makeLocation({ id: 6, name: "Albany Creek Sales", location_type: "sales" }),
      makeLocation({ id: 7, name: "Zillmere Parts", location_type: "parts", primary: true }),
    ];
    expect(sortLocations(locations).map((location) => location.id)).toEqual([5, 6, 4, 3, 2, 7, 1]);
    expect(locations[0]?.id).toBe(1);
  });
});

describe("open now", () => {
  const week = [...weekdays("08:00", "17:00"), open(6, "08:00", "12:00"), closed(0)];
  const mondayInBrisbane = (time: string) => new Date(`2026-06-15T${time}:00+10:00`);

  it.each<[string, string, boolean]>([
    ["is open at noon on a weekday", "12:00", true],
    ["is closed a minute before opening", "07:59", false],
    ["is open at opening time", "08:00", true],
    ["is open a minute before closing", "16:59", true],
    ["is closed at closing time", "17:00", false],
  ])("%s", (_, time, expected) => {
    expect(isOpenNow(week, [], mondayInBrisbane(time))).toBe(expected);
  });

  it("is closed on a day with status Closed or missing from the list", () => {
    const sunday = new Date("2026-06-14T12:00:00+10:00");
    expect(isOpenNow(week, [], sunday)).toBe(false);
    expect(isOpenNow(weekdays("08:00", "17:00"), [], sunday)).toBe(false);
  });

  it.each<[string, SpecialHour, boolean]>([
    ["is closed on a special day marked Closed", special("2026-06-15", { status: "Closed" }), false],
    [
      "follows a special day's start and end hours",
      special("2026-06-15", { start_hour: "09:00", end_hour: "11:00" }),
      false,
    ],
    [
      "follows a special day's hours.begin and hours.end",
      special("2026-06-15", { hours: { begin: "10:00", end: "13:00" } }),
      true,
    ],
    ["falls back to weekly hours on a special day without times", special("2026-06-15"), true],
    ["ignores special days on other dates", special("2026-06-16", { status: "Closed" }), true],
  ])("%s", (_, day, expected) => {
    expect(isOpenNow(week, [day], mondayInBrisbane("12:00"))).toBe(expected);
  });

  it("reads the clock in the given time zone", () => {
    const half7InBrisbane = new Date("2026-12-14T21:30:00Z");
    expect(isOpenNow(week, [], half7InBrisbane)).toBe(false);
    expect(isOpenNow(week, [], half7InBrisbane, "Australia/Sydney")).toBe(true);
  });

  it("counts hours given only as free text as closed", () => {
    const textOnly: OpeningHour[] = [{ weekday: 1, status: "Open", formated_hours: "8:00am - 5:00pm" }];
    expect(isOpenNow(textOnly, [], mondayInBrisbane("12:00"))).toBe(false);
  });
});

describe("schema.org AutoDealer on location pages", () => {
  it("carries the address, geo, phone, open days and rating", () => {
    const location = makeLocation({
      contact_detail: {
        phone: "0731234567",
        opening_hours: [
          { weekday: 1, status: "Open", open: "08:30", close: "17:30" },
          { weekday: 0, status: "Closed" },
        ],
      },
      reviews: { average_rating: 4.4, count: 297 },
    });
    const data = autoDealerJsonLd(location, "https://example.com.au", "https://example.com.au/contact-us/x");
    expect(data).toMatchObject({
      "@type": "AutoDealer",
      name: "Test Motors Brisbane",
      telephone: "07 3123 4567",
      address: {
        streetAddress: "1 Main Street",
        addressRegion: "QLD",
        postalCode: "4000",
        addressCountry: "AU",
      },
      geo: { latitude: -27.47, longitude: 153.02 },
      openingHoursSpecification: [
        { dayOfWeek: "https://schema.org/Monday", opens: "08:30", closes: "17:30" },
      ],
      aggregateRating: { ratingValue: 4.4, reviewCount: 297 },
    });
  });
  it("leaves out what the location does not have", () => {
    const data = autoDealerJsonLd(
      makeLocation({ contact_detail: { phone: null } }),
      "https://a.au",
      "https://a.au/x",
    );
    expect(data).not.toHaveProperty("telephone");
    expect(data).not.toHaveProperty("openingHoursSpecification");
    expect(data).not.toHaveProperty("aggregateRating");
  });
});

describe("spec §9 maps open at zoom 10", () => {
  it("centres the embedded map on the location with a marker", () => {
    const url = new URL(mapEmbedUrl(-27.47, 153.02));
    expect(url.searchParams.get("marker")).toBe("-27.47000,153.02000");
    const [west, south, east, north] = (url.searchParams.get("bbox") ?? "").split(",").map(Number);
    expect(((west ?? 0) + (east ?? 0)) / 2).toBeCloseTo(153.02, 4);
    expect(((south ?? 0) + (north ?? 0)) / 2).toBeCloseTo(-27.47, 4);
    // 640 px at zoom 10 spans 640 × 360 / 2^18 degrees of longitude.
    expect((east ?? 0) - (west ?? 0)).toBeCloseTo((640 * 360) / 2 ** 18, 4);
    expect(MAP_ZOOM).toBe(10);
  });
});
