/**
 * Locations for the benchmark tenants: opening hours, and holiday hours from the state's public
 * holidays around `now`.
 */
import type { Location } from "~/tenant/schemas/locations";
import { MEDIA_BASE } from "../render/photo-set";
import type { HoursKind, State, TenantProfile } from "../tenants/profile";
import { addDays, at, isoDate, slugify } from "../util";

const HOURS: Record<HoursKind, ([string, string] | null)[]> = {
  // Sunday … Saturday
  sales: [
    null,
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "16:00"],
  ],
  "sales-late": [
    ["10:00", "16:00"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "17:30"],
    ["08:30", "19:00"],
    ["08:30", "17:30"],
    ["08:00", "17:00"],
  ],
  service: [
    null,
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["07:30", "17:30"],
    ["08:00", "12:00"],
  ],
  parts: [
    null,
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "17:00"],
    ["08:00", "12:00"],
  ],
  caravan: [
    ["10:00", "15:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["08:30", "17:00"],
    ["09:00", "16:00"],
  ],
  "service-ford": [
    null,
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    ["07:30", "16:30"],
    null,
  ],
  "parts-ford": [
    null,
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    ["08:00", "16:00"],
    null,
  ],
};

function clock12(t: string): string {
  const [h = 0, m = 0] = t.split(":").map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")}${h < 12 ? "am" : "pm"}`;
}

function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    return new Date(Date.UTC(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  return new Date(Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
}

/** Gregorian Easter Sunday (anonymous algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c2 = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c2 / 4);
  const k = c2 % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

type Holiday = { date: Date; name: string; sales: [string, string] | null; other: [string, string] | null };

function holidays(year: number, state: State): Holiday[] {
  const e = easter(year);
  const list: Holiday[] = [
    { date: new Date(Date.UTC(year, 0, 1)), name: "New Year's Day", sales: null, other: null },
    { date: new Date(Date.UTC(year, 0, 26)), name: "Australia Day", sales: ["10:00", "16:00"], other: null },
    { date: addDays(e, -2), name: "Good Friday", sales: null, other: null },
    { date: addDays(e, -1), name: "Easter Saturday", sales: ["09:00", "14:00"], other: null },
    { date: addDays(e, 1), name: "Easter Monday", sales: ["10:00", "16:00"], other: null },
    { date: new Date(Date.UTC(year, 3, 25)), name: "Anzac Day", sales: ["13:00", "17:00"], other: null },
    {
      date: new Date(Date.UTC(year, 11, 24)),
      name: "Christmas Eve",
      sales: ["08:30", "14:00"],
      other: ["07:30", "12:00"],
    },
    { date: new Date(Date.UTC(year, 11, 25)), name: "Christmas Day", sales: null, other: null },
    { date: new Date(Date.UTC(year, 11, 26)), name: "Boxing Day", sales: ["10:00", "16:00"], other: null },
    {
      date: new Date(Date.UTC(year, 11, 31)),
      name: "New Year's Eve",
      sales: ["08:30", "15:00"],
      other: ["07:30", "13:00"],
    },
  ];
  const labour = {
    QLD: nthWeekday(year, 4, 1, 1),
    VIC: nthWeekday(year, 2, 1, 2),
    WA: nthWeekday(year, 2, 1, 1),
    NSW: nthWeekday(year, 9, 1, 1),
  }[state];
  const king = {
    QLD: nthWeekday(year, 9, 1, 1),
    VIC: nthWeekday(year, 5, 1, 2),
    WA: nthWeekday(year, 8, 1, -1),
    NSW: nthWeekday(year, 5, 1, 2),
  }[state];
  list.push({ date: labour, name: "Labour Day", sales: ["10:00", "16:00"], other: null });
  list.push({ date: king, name: "King's Birthday", sales: ["10:00", "16:00"], other: null });
  if (state === "VIC")
    list.push({
      date: nthWeekday(year, 10, 2, 1),
      name: "Melbourne Cup Day",
      sales: ["09:00", "13:00"],
      other: null,
    });
  return list;
}

export function buildLocations(profile: TenantProfile, now: Date): Location[] {
  const from = addDays(now, -7).getTime();
  const to = addDays(now, 365).getTime();
  const year = now.getUTCFullYear();
  return profile.locations.map((l): Location => {
    const dealership = profile.dealerships.find((d) => d.id === l.dealership) ?? at(profile.dealerships, 0);
    const isSales = l.type === "sales";
    const days = [...holidays(year, l.state), ...holidays(year + 1, l.state)]
      .filter((h) => h.date.getTime() >= from && h.date.getTime() <= to)
      .sort((a, b) => a.date.getTime() - b.date.getTime());
    const special = days.map((h, i) => {
      const hours = isSales ? h.sales : h.other;
      const date = isoDate(h.date);
      if (!hours) return { date, status: "Closed" as const, location_id: l.id, name: h.name };
      // Feeds use both shapes; alternate so both paths are exercised.
      return (l.id + i) % 2 === 0
        ? {
            date,
            status: "Open" as const,
            start_hour: hours[0],
            end_hour: hours[1],
            location_id: l.id,
            name: h.name,
          }
        : {
            date,
            status: "Open" as const,
            hours: { begin: hours[0], end: hours[1] },
            location_id: l.id,
            name: h.name,
          };
    });
    const digits = l.phone.replace(/\D/g, "");
    const international = `+61 ${digits.slice(1, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
    const licence = {
      QLD: `Motor Dealer Licence ${3000000 + (l.dealership % 1000) * 137}`,
      NSW: `MD0${40000 + l.dealership}`,
      VIC: `LMCT ${10000 + l.dealership * 7}`,
      WA: `MD ${27000 + l.dealership}`,
    }[l.state];
    return {
      id: l.id,
      name: l.name,
      slug: slugify(l.name),
      visible: l.visible ?? true,
      primary: l.primary ?? false,
      location_type: l.type,
      location_subtype: l.subtype ?? [],
      manufacturers: l.manufacturers ?? [],
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      image: `${MEDIA_BASE}/locations/${dealership.slug}.jpg`,
      address: {
        street: l.street,
        city: l.city,
        state: l.state,
        postcode: l.postcode,
        lat: l.lat,
        long: l.long,
        place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${l.name}, ${l.street}, ${l.city} ${l.state} ${l.postcode}`)}`,
        place_id: null,
        map_key: null,
      },
      contact_detail: {
        phone: l.id % 2 === 0 ? international : l.phone,
        landline_phone: l.phone,
        opening_hours: HOURS[l.hours].map((h, weekday) => ({
          weekday,
          status: h ? ("Open" as const) : ("Closed" as const),
          open: h?.[0] ?? null,
          close: h?.[1] ?? null,
          formated_hours: h ? `${clock12(h[0])} - ${clock12(h[1])}` : "Closed",
        })),
      },
      special_hours: special,
      reviews: isSales ? { average_rating: dealership.rating, count: dealership.reviews } : null,
      dealer_license_number: isSales ? licence : null,
      motor_vehicle_repairer: l.state === "NSW" && !isSales ? `MVRL${48000 + l.id}` : null,
      distribution_locations: l.primary
        ? profile.locations
            .filter((o) => o.id !== l.id && o.dealership === l.dealership && o.visible !== false)
            .map((o) => o.id)
        : [],
    };
  });
}
