/** Test-drive appointment slots (spec §7 appointments, §9 opening hours, default state qld) and GET /api/appointments. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  appointmentSlots,
  hoursOn,
  locationToday,
  TEST_DRIVE_SLOT_MINUTES,
} from "~/features/appointments/appointments";
import { fetchAppointments } from "~/features/appointments/appointments.client";
import { createAppointmentsHandler } from "~/features/appointments/appointments.server";
import { locationTimeZone } from "~/features/locations/locations";
import type { OpeningHour, SpecialHour } from "~/tenant/schemas/locations";
import type { TenantData } from "~/tenant/tenant.server";
import { makeLocation, makeSite, NOW } from "./helpers";

/** NOW is Monday 15 June 2026, 12:00 in Brisbane. */
const week = (
  weekday: number,
  open: string | null,
  close: string | null,
  extra: Partial<OpeningHour> = {},
): OpeningHour => ({
  weekday,
  status: open ? "Open" : "Closed",
  open,
  close,
  ...extra,
});
const HOURS: OpeningHour[] = [
  week(0, null, null),
  ...[1, 2, 3, 4, 5].map((day) => week(day, "08:30", "17:30")),
  week(6, "08:30", "12:00"),
];
const special = (date: string, fields: Partial<SpecialHour>): SpecialHour => ({
  date,
  status: "Open",
  location_id: 1,
  ...fields,
});

function location(state = "qld", specialHours: SpecialHour[] = [], hours: OpeningHour[] = HOURS) {
  return makeLocation({
    address: { street: "1 Main Street", city: "Town", state, postcode: "4000", lat: -27.47, long: 153.02 },
    contact_detail: { phone: "07 3123 4567", opening_hours: hours },
    special_hours: specialHours,
  });
}

const values = (slots: { value: string }[]) => slots.map((slot) => slot.value.slice(11));

describe("test-drive slots from opening hours", () => {
  it(`offers a slot every ${TEST_DRIVE_SLOT_MINUTES} minutes from opening while the drive ends by closing`, () => {
    const slots = appointmentSlots(location(), "2026-06-16", NOW);
    expect(slots).toHaveLength(18);
    expect(slots[0]).toEqual({
      value: "2026-06-16T08:30",
      label: "8:30am",
      start: "2026-06-15T22:30:00.000Z",
    });
    expect(slots.at(-1)).toEqual({
      value: "2026-06-16T17:00",
      label: "5:00pm",
      start: "2026-06-16T07:00:00.000Z",
    });
  });

  it("offers no past slots: today starts after now, a slot at exactly now is gone", () => {
    expect(values(appointmentSlots(location(), "2026-06-15", NOW))).toEqual([
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
  });

  it.each([
    ["a past date", "2026-06-12"],
    ["a day the weekly hours close (Sunday)", "2026-06-21"],
  ])("offers nothing on %s", (_case, date) => {
    expect(appointmentSlots(location(), date, NOW)).toEqual([]);
  });

  it("uses the Saturday's own hours", () => {
    expect(values(appointmentSlots(location(), "2026-06-20", NOW))).toEqual([
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
  });

  it("a special day marked Closed closes an open weekday", () => {
    const closed = location("qld", [special("2026-06-16", { status: "Closed" })]);
    expect(appointmentSlots(closed, "2026-06-16", NOW)).toEqual([]);
    expect(appointmentSlots(closed, "2026-06-17", NOW)).toHaveLength(18);
  });

  it.each<[string, Partial<SpecialHour>]>([
    ["start_hour/end_hour", { start_hour: "10:00", end_hour: "12:00" }],
    ["hours.begin/hours.end", { hours: { begin: "10:00", end: "12:00" } }],
  ])("special hours given as %s replace the week, even on a closed Sunday", (_case, fields) => {
    const open = location("qld", [special("2026-06-21", fields)]);
    expect(values(appointmentSlots(open, "2026-06-21", NOW))).toEqual(["10:00", "10:30", "11:00", "11:30"]);
  });

  it("a special day marked Open without times keeps the weekly hours", () => {
    expect(appointmentSlots(location("qld", [special("2026-06-16", {})]), "2026-06-16", NOW)).toHaveLength(
      18,
    );
  });

  it("hours known only as free text cannot be booked", () => {
    const textOnly = location(
      "qld",
      [],
      [week(2, null, null, { status: "Open", formated_hours: "By appointment" })],
    );
    expect(hoursOn(textOnly, "2026-06-16")).toBeNull();
    expect(appointmentSlots(textOnly, "2026-06-16", NOW)).toEqual([]);
  });
});

describe("time zone of a location (spec §9 default state qld)", () => {
  it.each([
    ["qld", "Australia/Brisbane"],
    ["QLD", "Australia/Brisbane"],
    ["nsw", "Australia/Sydney"],
    ["act", "Australia/Sydney"],
    ["vic", "Australia/Melbourne"],
    ["tas", "Australia/Hobart"],
    ["sa", "Australia/Adelaide"],
    ["nt", "Australia/Darwin"],
    ["WA", "Australia/Perth"],
    ["", "Australia/Brisbane"],
    ["Queensland", "Australia/Brisbane"],
  ])("state %j is %s", (state, zone) => expect(locationTimeZone(location(state))).toBe(zone));

  it("books Perth slots on Perth time", () => {
    const [first] = appointmentSlots(location("wa"), "2026-06-16", NOW);
    expect(first).toEqual({ value: "2026-06-16T08:30", label: "8:30am", start: "2026-06-16T00:30:00.000Z" });
  });

  it("follows daylight saving: Sydney summer time is UTC+11, and the skipped hour has no slots", () => {
    const [summer] = appointmentSlots(location("nsw"), "2027-01-12", NOW);
    expect(summer?.start).toBe("2027-01-11T21:30:00.000Z");
    // Clocks go from 2:00 to 3:00 on Sunday 4 October 2026.
    const night = location("nsw", [special("2026-10-04", { start_hour: "01:00", end_hour: "04:00" })]);
    const slots = appointmentSlots(night, "2026-10-04", NOW);
    expect(values(slots)).toEqual(["01:00", "01:30", "03:00", "03:30"]);
    expect(slots.map((slot) => slot.start)).toEqual([
      "2026-10-03T15:00:00.000Z",
      "2026-10-03T15:30:00.000Z",
      "2026-10-03T16:00:00.000Z",
      "2026-10-03T16:30:00.000Z",
    ]);
  });

  it("today is the location's calendar date", () => {
    // 15:30 UTC on Sunday 14 June is 01:30 Monday in Brisbane (UTC+10) and 23:30 Sunday in Perth (UTC+8).
    const lateUtc = new Date("2026-06-14T15:30:00Z");
    expect(locationToday(location("qld"), lateUtc)).toBe("2026-06-15");
    expect(locationToday(location("wa"), lateUtc)).toBe("2026-06-14");
  });
});

/** A tenant snapshot holding just this location, as the functions read it. */
const snapshotWith = (only: ReturnType<typeof location>): TenantData =>
  ({
    site: makeSite(),
    locations: [only],
    offers: [],
    pages: [],
    cars: [],
    now: NOW.toISOString(),
  }) as TenantData;

describe("GET /api/appointments", () => {
  const qld = location();
  const data = snapshotWith(qld);
  const handler = createAppointmentsHandler({
    tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
    snapshot: (slug) => (slug === "test-motors" ? data : null),
    now: () => NOW,
  });
  const get = async (query: string, method = "GET") => {
    const response = await handler(
      new Request(`http://localhost/api/appointments${query}`, {
        method,
        headers: { host: "test-motors.localhost" },
      }),
    );
    return { status: response.status, body: await response.json() };
  };

  it("answers the day's slots with the location's time zone", async () => {
    const { status, body } = await get(`?location_id=${qld.id}&date=2026-06-16`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ location_id: qld.id, date: "2026-06-16", time_zone: "Australia/Brisbane" });
    expect(body.slots).toHaveLength(18);
  });

  it("answers an empty list on a closed day", async () => {
    expect((await get(`?location_id=${qld.id}&date=2026-06-21`)).body.slots).toEqual([]);
  });

  it.each([
    ["no query", ""],
    ["a missing date", `?location_id=${qld.id}`],
    ["an impossible date", `?location_id=${qld.id}&date=2026-02-30`],
    ["a date-time instead of a date", `?location_id=${qld.id}&date=2026-06-16T10:00`],
    ["a non-numeric location", "?location_id=abc&date=2026-06-16"],
    ["an unknown parameter", `?location_id=${qld.id}&date=2026-06-16&limit=5`],
  ])("answers 400 for %s", async (_case, query) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error).toBeTruthy();
    expect(body.fields).toBeTypeOf("object");
  });

  it("answers 404 for a location the site does not list, 405 for a POST", async () => {
    expect((await get("?location_id=999&date=2026-06-16")).status).toBe(404);
    expect((await get(`?location_id=${qld.id}&date=2026-06-16`, "POST")).status).toBe(405);
  });
});

describe("fetchAppointments (the test-drive dialog's helper)", () => {
  const qld = location();
  const data = snapshotWith(qld);
  const handler = createAppointmentsHandler({
    tenantFor: () => "test-motors",
    snapshot: () => data,
    now: () => NOW,
  });
  // The browser's fetch, answered by the real handler as the site's own origin would.
  const sameOrigin = (async (input: string | URL | Request) =>
    handler(new Request(new URL(String(input), "http://test-motors.localhost")))) as typeof fetch;
  afterEach(() => vi.unstubAllGlobals());

  it("returns the day's slots", async () => {
    vi.stubGlobal("fetch", sameOrigin);
    const slots = await fetchAppointments(qld.id, "2026-06-16");
    expect(slots).toHaveLength(18);
    expect(slots[0]?.value).toBe("2026-06-16T08:30");
  });

  it("throws the server's message when the call fails", async () => {
    vi.stubGlobal("fetch", sameOrigin);
    await expect(fetchAppointments(999, "2026-06-16")).rejects.toThrow(
      "We couldn't find that dealership location.",
    );
    await expect(fetchAppointments(qld.id, "16/06/2026")).rejects.toThrow("Invalid appointments request.");
  });
});
