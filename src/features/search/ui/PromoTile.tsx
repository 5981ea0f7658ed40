import type { PromoNode } from "../promos";

/**
 * A promo node's tile in the results grid: a card-sized cell of its own (no car id, so it counts
 * as no vehicle). Its window rides along as data attributes: the prerendered page drops a tile
 * outside it at the shopper's clock before the first paint (PROMO_WINDOW_SCRIPT); one that had
 * not started at build time is prerendered hidden, so a page without JavaScript never shows it
 * early.
 */
export function PromoTile({ promo, hidden = false }: { promo: PromoNode; hidden?: boolean }) {
  return (
    <article
      hidden={hidden}
      className="card promo-tile"
      data-promo=""
      data-start={promo.start}
      data-expiry={promo.expiry}
      aria-label={`Promotion: ${promo.title}`}
    >
      <p className="promo-kicker">Special offer</p>
      <h3 className="promo-title">{promo.title}</h3>
      {promo.text && <p className="promo-text">{promo.text}</p>}
      <a className="btn promo-cta" href={promo.href}>
        {promo.cta}
        <span className="visually-hidden">: {promo.title}</span>
      </a>
    </article>
  );
}
