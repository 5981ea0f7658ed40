/** Nearest dealer (spec §9 earth radius 6371 km): haversine distances, the locator's order, places typed. */
import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, formatDistance, haversineKm, nearestFirst } from "~/features/locations/distance";
import { findPlace, placeTables } from "~/lib/postcodes/places";
import { POSTCODE_POINTS } from "~/lib/postcodes/postcode-points.data";
import { POSTCODE_SUBURBS } from "~/lib/postcodes/postcode-suburbs.data";

// Expected distances worked out apart from this code (Python's math module, R = 6371 km).
describe("great-circle distance on an earth of radius 6371 km", () => {
  it("uses the spec's radius", () => expect(EARTH_RADIUS_KM).toBe(6371));

  it.each([
    ["Sydney to Melbourne", 713.427, { lat: -33.8688, lng: 151.2093 }, { lat: -37.8136, lng: 144.9631 }],
    ["Brisbane to Sydney", 732.379, { lat: -27.4698, lng: 153.0251 }, { lat: -33.8688, lng: 151.2093 }],
    ["one degree along the equator", 111.195, { lat: 0, lng: 0 }, { lat: 0, lng: 1 }],
    ["half way round the world", 20015.087, { lat: 0, lng: 0 }, { lat: 0, lng: 180 }],
    ["a place to itself", 0, { lat: -27.5, lng: 153 }, { lat: -27.5, lng: 153 }],
  ])("%s is %s km", (_, km, from, to) => {
    expect(haversineKm(from, to)).toBeCloseTo(km, 3);
    expect(haversineKm(to, from)).toBeCloseTo(km, 3);
  });
});

describe("locations nearest first", () => {
  const at = (name: string, lat: number, lng: number) => ({ name, position: { lat, lng } });
  const locations = [
    at("Springwood sales", -27.6125, 153.1287),
    at("Springwood service", -27.6141, 153.1301),
    { name: "No address position", position: null },
    at("Maroochydore sales", -26.659, 153.088),
    at("Southport sales", -27.979, 153.404),
  ];

  it("sorts by distance from the shopper and gives each its kilometres", () => {
    // From Maroochydore's postcode 4558 (-26.655, 153.075).
    const sorted = nearestFirst(locations, (l) => l.position, { lat: -26.655, lng: 153.075 });
    expect(sorted.map(({ item }) => item.name)).toEqual([
      "Maroochydore sales",
      "Springwood sales",
      "Springwood service",
      "Southport sales",
      "No address position",
    ]);
    expect(sorted.map(({ km }) => (km === null ? null : Math.round(km * 10) / 10))).toEqual([
      1.4,
      106.6,
      106.8,
      150.8,
      null,
    ]);
  });

  it("keeps the usual order between locations at the same distance", () => {
    const twins = [at("Sales", -27, 153), at("Service", -27, 153), at("Parts", -27, 153)];
    expect(
      nearestFirst(twins, (l) => l.position, { lat: -28, lng: 153 }).map(({ item }) => item.name),
    ).toEqual(["Sales", "Service", "Parts"]);
  });

  it.each([
    [0.4567, "457 m"],
    [1.44, "1.4 km"],
    [9.96, "10.0 km"],
    [107.1, "107 km"],
    [1234.5, "1,235 km"],
  ])("shows %d km as %j", (km, text) => expect(formatDistance(km)).toBe(text));
});

describe("where the shopper is, from a postcode or suburb", () => {
  const tables = placeTables(POSTCODE_POINTS, POSTCODE_SUBURBS);
  const brisbane = { lat: -27.4698, lng: 153.0251 };

  it.each([
    ["4127", { label: "4127 QLD", postcode: "4127", state: "QLD", lat: -27.629, lng: 153.142 }],
    [" 4558 ", { label: "4558 QLD", postcode: "4558", state: "QLD", lat: -26.655, lng: 153.075 }],
    [
      "Springwood",
      { label: "Springwood QLD 4127", postcode: "4127", state: "QLD", lat: -27.629, lng: 153.142 },
    ],
    [
      "springwood, nsw",
      { label: "Springwood NSW 2777", postcode: "2777", state: "NSW", lat: -33.693, lng: 150.588 },
    ],
    [
      "Springwood 2777",
      { label: "Springwood NSW 2777", postcode: "2777", state: "NSW", lat: -33.693, lng: 150.588 },
    ],
    [
      "brisbane city qld 4000",
      { label: "Brisbane City QLD 4000", postcode: "4000", state: "QLD", lat: -27.469, lng: 153.022 },
    ],
  ])("%j is %j", (query, place) => expect(findPlace(query, tables, brisbane)).toEqual(place));

  it("picks the suburb nearest the dealer when the name is in several states", () => {
    // Springwood is in the Blue Mountains (NSW 2777) and Logan (QLD 4127): near Penrith it is NSW's.
    expect(findPlace("Springwood", tables, { lat: -33.75, lng: 150.69 })?.label).toBe("Springwood NSW 2777");
  });

  it.each(["", "0000", "4127 NSW", "Springwood WA", "Atlantis", "12345"])("%j is nowhere", (query) =>
    expect(findPlace(query, tables, brisbane)).toBeNull(),
  );
});
