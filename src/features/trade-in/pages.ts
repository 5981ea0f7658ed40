/**
 * The trade-in routes (spec §2): /trade-in, /sell-my-car, /sell-your-car and
 * /cars/trade-in?car_id={id}. One flow; the page decides the heading and the CRM category.
 */
export const TRADE_IN_PAGES = {
  "trade-in": { title: "Value My Trade-In", category: "Trade In" },
  "sell-my-car": { title: "Sell My Car", category: "Sell My Car" },
  "sell-your-car": { title: "Sell Your Car", category: "Sell My Car" },
  "cars/trade-in": { title: "Trade In Towards This Car", category: "Trade In" },
} as const;
export type TradeInPageSlug = keyof typeof TRADE_IN_PAGES;

/** Content-page slugs the trade-in routes own (their markdown renders above the flow). */
export const TRADE_IN_PAGE_SLUGS: readonly string[] = ["trade-in", "sell-my-car", "sell-your-car"];
