/**
 * Fills the similar-cars row with the search service's answer (spec §9 rules in search/similar.ts),
 * as the search page's cards. The row never shrinks under the shopper's eyes: the cards take the
 * skeletons' room (and may use more).
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { CardSite } from "~/features/search/cards";
import type { CarSearchDocument } from "~/features/search/documents";
import { findSimilar, type SimilarSubject } from "~/features/search/similar";
import { multiSearch } from "~/features/search/transport/multi-search.client";
import type { SearchClientConfig } from "~/features/search/transport/search-client.client";
import { ResultCard } from "~/features/search/ui/ResultCard";
import { settleSimilarRow } from "./similar-row-state";

/** What the page gives the row (SimilarVehicles.astro, `data-similar`). */
export interface SimilarRowConfig {
  car: SimilarSubject;
  indexUid: string;
  search: SearchClientConfig;
  shown: number;
  cardSite: CardSite;
}

export async function fillSimilarRow(section: HTMLElement): Promise<void> {
  const config = JSON.parse(section.dataset.similar ?? "null") as SimilarRowConfig;
  const grid = section.querySelector<HTMLElement>(".grid");
  if (!config || !grid) return;
  let cars: CarSearchDocument[];
  try {
    cars = await findSimilar<CarSearchDocument>(
      config.car,
      config.indexUid,
      multiSearch(config.search),
      config.shown,
    );
  } catch (error) {
    console.warn("Similar cars could not load:", error);
    settleSimilarRow(section, "failed");
    return;
  }
  if (cars.length === 0) {
    settleSimilarRow(section, "empty");
    return;
  }
  grid.style.minBlockSize = `${grid.getBoundingClientRect().height}px`;
  // The skeletons' height was measured at this width; another width lays the cards out afresh.
  window.addEventListener("resize", () => grid.style.removeProperty("min-block-size"), { once: true });
  grid.replaceChildren();
  const root = createRoot(grid);
  flushSync(() =>
    root.render(cars.map((car) => <ResultCard key={car.id} car={car} site={config.cardSite} />)),
  );
  settleSimilarRow(section, "loaded");
}
