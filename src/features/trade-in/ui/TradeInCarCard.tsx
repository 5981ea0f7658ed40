/** /cars/trade-in: the car the trade-in goes towards (spec §2), loaded by its car_id. */
import { formatMoney, type TradeInCar } from "../trade-in";

export function TradeInCarCard({ car, message }: { car: TradeInCar | null; message: string | null }) {
  if (!car) {
    return message ? <p className="notice">{message} You can still value your trade-in below.</p> : null;
  }
  return (
    <aside className="trade-in-car" aria-label="Trading in towards">
      {car.image && <img src={car.image} alt="" width="160" height="107" loading="lazy" />}
      <div>
        <p className="muted">Trading in towards</p>
        <p className="car-name">
          <a href={car.path}>{car.name}</a>
        </p>
        <p className="muted">
          {car.price > 10 ? formatMoney(car.price) : null}
          {car.stocknum ? ` · Stock #${car.stocknum}` : null}
        </p>
      </div>
    </aside>
  );
}
