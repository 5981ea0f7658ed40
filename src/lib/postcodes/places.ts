/**
 * Where a shopper is, from the postcode or suburb they type (the dealer locator): the shipped
 * postcode table gives each postcode's position, the suburb table its suburbs' names. Pure: the
 * packed tables come in as arguments, so the browser loads them only when a shopper asks.
 */

export interface Place {
  /** What the page says it measured from: "Springwood QLD 4127" or "4127 QLD". */
  label: string;
  postcode: string;
  state: string;
  lat: number;
  lng: number;
}

export interface PlaceTables {
  points: Map<string, { lat: number; lng: number; state: string }>;
  /** Upper-case suburb name → the postcodes it lies in. */
  suburbs: Map<string, string[]>;
}

const STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/** Reads the packed "postcode,lat,lng,state;…" and "postcode:NAME|NAME;…" tables. */
export function placeTables(points: string, suburbs: string): PlaceTables {
  const pointMap: PlaceTables["points"] = new Map();
  for (const entry of points.split(";")) {
    const [postcode, lat, lng, state] = entry.split(",");
    if (postcode && lat && lng)
      pointMap.set(postcode, { lat: Number(lat), lng: Number(lng), state: state ?? "" });
  }
  const suburbMap: PlaceTables["suburbs"] = new Map();
  for (const entry of suburbs.split(";")) {
    const [postcode, names] = entry.split(":");
    if (!postcode || !names) continue;
    for (const name of names.split("|")) suburbMap.set(name, [...(suburbMap.get(name) ?? []), postcode]);
  }
  return { points: pointMap, suburbs: suburbMap };
}

/** "DAISY HILL" → "Daisy Hill"; "ST KILDA" → "St Kilda". */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The place a shopper typed: a 4-digit postcode, or a suburb with an optional state or postcode
 * after it ("Springwood", "springwood qld", "Springwood, QLD 4127"). A suburb in several places
 * (Springwood is in NSW and QLD) is the one nearest `near` (the dealer's own location), since
 * that is the one a shopper on this dealer's site most likely means; naming the state picks
 * another. Null when it is neither.
 */
export function findPlace(
  query: string,
  tables: PlaceTables,
  near: { lat: number; lng: number } | null,
): Place | null {
  const words = query.toUpperCase().replace(/[,.]/g, " ").trim().split(/\s+/).filter(Boolean);
  let postcode = /^\d{4}$/.test(words.at(-1) ?? "") ? words.pop() : undefined;
  const state = STATES.includes(words.at(-1) ?? "") ? words.pop() : undefined;
  if (!postcode && /^\d{4}$/.test(words.at(-1) ?? "")) postcode = words.pop();
  const name = words.join(" ");
  if (!name) {
    const point = postcode ? tables.points.get(postcode) : undefined;
    if (!postcode || !point || (state && point.state !== state)) return null;
    return { label: `${postcode} ${point.state}`, postcode, state: point.state, ...coordinates(point) };
  }
  const candidates = (tables.suburbs.get(name) ?? [])
    .filter((code) => !postcode || code === postcode)
    .flatMap((code) => {
      const point = tables.points.get(code);
      return point && (!state || point.state === state) ? [{ code, point }] : [];
    });
  const distance = (point: { lat: number; lng: number }) =>
    near ? (point.lat - near.lat) ** 2 + (point.lng - near.lng) ** 2 : 0;
  const best = candidates.sort(
    (a, b) => distance(a.point) - distance(b.point) || a.code.localeCompare(b.code),
  )[0];
  if (!best) return null;
  return {
    label: `${titleCase(name)} ${best.point.state} ${best.code}`,
    postcode: best.code,
    state: best.point.state,
    ...coordinates(best.point),
  };
}

const coordinates = (point: { lat: number; lng: number }) => ({ lat: point.lat, lng: point.lng });
