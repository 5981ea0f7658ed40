/**
 * Static result cards as HTML, rendered once per car and reused: a car appears on its make, model,
 * body and model-page listings, and rendering it each time made the build slower. Same component as the island, so the markup matches.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type CardSite, cardSite } from "../cards";
import type { CarSearchDocument } from "../documents";
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

/** A grid of cards; the first `eager` load their photos at once (above the fold). */
export function cardGridHtml(cars: readonly CarSearchDocument[], site: CardSite, eager = 0): string {
  return `<div class="grid">${cars.map((car, index) => cardHtml(car, site, index < eager)).join("")}</div>`;
}

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
