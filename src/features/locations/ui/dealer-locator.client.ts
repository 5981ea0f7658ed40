/**
 * The dealer locator's nearest-first order: from the postcode or suburb the shopper types, or the
 * browser's position when they allow it. The postcode and suburb tables (about 270 kB) load only
 * when a shopper asks, so the page itself stays light.
 */
import { findPlace, type PlaceTables, placeTables } from "~/lib/postcodes/places";
import { formatDistance, type LatLng, nearestFirst } from "../distance";

const form = document.querySelector<HTMLFormElement>("[data-near-form]");
const list = document.querySelector<HTMLElement>("[data-near-list]");

let tables: Promise<PlaceTables> | undefined;
function loadTables(): Promise<PlaceTables> {
  tables ??= Promise.all([
    import("~/lib/postcodes/postcode-points.data"),
    import("~/lib/postcodes/postcode-suburbs.data"),
  ]).then(([points, suburbs]) => placeTables(points.POSTCODE_POINTS, suburbs.POSTCODE_SUBURBS));
  return tables;
}

function point(lat: string | undefined, lng: string | undefined): LatLng | null {
  const position = { lat: Number(lat), lng: Number(lng) };
  return lat && lng && Number.isFinite(position.lat) && Number.isFinite(position.lng) ? position : null;
}

const position = (item: HTMLElement) => point(item.dataset.lat, item.dataset.lng);

function sortFrom(from: LatLng, listEl: HTMLElement) {
  const items = [...listEl.querySelectorAll<HTMLElement>(":scope > li")];
  for (const { item, km } of nearestFirst(items, position, from)) {
    const distance = item.querySelector<HTMLElement>("[data-distance]");
    if (distance) distance.textContent = km === null ? "" : `${formatDistance(km)} away`;
    listEl.append(item);
  }
}

if (form && list) {
  const status = form.querySelector<HTMLElement>("[data-near-status]");
  const input = form.querySelector<HTMLInputElement>("input[name=near]");
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const home = point(form.dataset.homeLat, form.dataset.homeLng);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const query = input?.value ?? "";
    const place = findPlace(query, await loadTables(), home);
    if (!place) {
      say(`We couldn't find "${query.trim()}". Try a 4-digit postcode or a suburb name.`);
      return;
    }
    sortFrom(place, list);
    say(`Nearest first from ${place.label}.`);
  });

  form.querySelector<HTMLButtonElement>("[data-near-me]")?.addEventListener("click", () => {
    if (!("geolocation" in navigator)) {
      say("This browser can't share your location. Type your postcode or suburb instead.");
      return;
    }
    say("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        sortFrom({ lat: coords.latitude, lng: coords.longitude }, list);
        say("Nearest first from your location.");
      },
      () => say("We couldn't get your location. Type your postcode or suburb instead."),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  });
}
