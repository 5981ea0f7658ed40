import type { CardSite } from "../cards";
import type { CarSearchDocument } from "../documents";
import { ResultCard } from "./ResultCard";

/** A grid of result cards as one component: Astro renders it in one pass, not one per card. */
export function CardGrid({
  cars,
  site,
  eager = 0,
}: {
  cars: CarSearchDocument[];
  site: CardSite;
  eager?: number;
}) {
  return (
    <div className="grid">
      {cars.map((car, index) => (
        <ResultCard key={car.id} car={car} site={site} eager={index < eager} />
      ))}
    </div>
  );
}
