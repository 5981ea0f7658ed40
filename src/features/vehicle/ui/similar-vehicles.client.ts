/**
 * The similar-cars row (SimilarVehicles.astro) asks the search service once, after the page is idle
 * and when the row comes within a screen and a half of view: the search engine, its index and the
 * card renderer load only for a shopper who scrolls that far, and are ready before the row is seen.
 */
import { settleSimilarRow } from "./similar-row-state";

const section = document.querySelector<HTMLElement>("[data-similar]");
if (section) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      import("./similar-vehicles-row")
        .then(({ fillSimilarRow }) => fillSimilarRow(section))
        .catch((error: unknown) => {
          console.warn("Similar cars could not load:", error);
          settleSimilarRow(section, "failed");
        });
    },
    { rootMargin: "150% 0px" },
  );
  const later = () => observer.observe(section);
  if ("requestIdleCallback" in window) requestIdleCallback(later, { timeout: 2000 });
  else setTimeout(later, 300);
}
