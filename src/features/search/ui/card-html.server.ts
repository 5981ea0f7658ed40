/**
 * Static result cards as HTML, rendered once per car and reused: a car appears on its make, model,
 * body and model-page listings, and rendering it each time made the build slower. Same component as the island, so the markup matches.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type CardSite, cardSite } from "../cards";
import type { CarSearchDocument } from "../documents";
import { type PromoNode, placePromos, promoActive } from "../promos";
import { PromoTile } from "./PromoTile";
import { ResultCard } from "./ResultCard";

const cache = new WeakMap<CardSite, Map<string, string>>();

export function cardHtml(car: CarSearchDocument, site: CardSite, eager = false): string {
  let cards = cache.get(site);
  if (!cards) {
    cards = new Map();
    cache.set(site, cards);
  }
  const key = `${car.id}:${eager}`;
  let html = cards.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(ResultCard, { car, site: cardSite(site), eager }));
    cards.set(key, html);
  }
  return html;
}

/**
 * A grid of cards; the first `eager` load their photos at once (above the fold). `promos` (spec
 * order) take their slots among them; those not open at `now` (the build's clock) start hidden.
 */
export function cardGridHtml(
  cars: readonly CarSearchDocument[],
  site: CardSite,
  eager = 0,
  promos: readonly PromoNode[] = [],
  now = new Date(),
): string {
  const tiles = placePromos(
    cars.map((car, index) => cardHtml(car, site, index < eager)),
    promos,
  ).map((item) =>
    item.kind === "car"
      ? item.car
      : renderToStaticMarkup(
          createElement(PromoTile, { promo: item.promo, hidden: !promoActive(item.promo, now) }),
        ),
  );
  return `<div class="grid">${tiles.join("")}</div>`;
}

/**
 * Runs right after the prerendered grid, before the first paint: a promo tile outside its window
 * at the shopper's clock (spec §5: on/after start, on/before expiry) leaves, one inside it shows,
 * before anyone sees the grid, so nothing moves. The build only knows its own clock; the page is
 * served for days.
 */
export const PROMO_WINDOW_SCRIPT =
  'for(const t of document.querySelectorAll("#static-results [data-promo]")){const n=Date.now(),s=t.dataset.start,e=t.dataset.expiry;if((s&&n<Date.parse(s))||(e&&n>Date.parse(e)))t.remove();else t.hidden=false}';

/**
 * A card-shaped stand-in for a row of cards still loading, made from a car of the same page so its
 * title, facts and buttons take the room real ones will; it always keeps a line for the price type.
 */
export function skeletonCardHtml(car: CarSearchDocument, site: CardSite): string {
  const stand = { ...car, price_type: car.price_type ?? "Drive Away" };
  return renderToStaticMarkup(
    createElement(ResultCard, { car: stand, site: cardSite(site), skeleton: true }),
  );
}
