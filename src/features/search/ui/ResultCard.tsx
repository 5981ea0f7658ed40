import { cdnImage, cdnSizes, cdnSrcset } from "~/features/media/media";
import { formatNumber } from "~/lib/format";
import { type CardSite, cardActions, cardFacts } from "../cards";
import type { CarSearchDocument } from "../documents";

interface Props {
  car: CarSearchDocument;
  site: CardSite;
  eager?: boolean;
  /**
   * A stand-in while the real cards load (the vehicle page's similar cars): the same layout, so it
   * is as tall as a card, with bars in place of the text and no photo; hidden from everyone.
   */
  skeleton?: boolean;
}

/** The island's result card: same markup and classes as CarCard.astro. */
export function ResultCard({ car, site, eager = false, skeleton = false }: Props) {
  const facts = cardFacts(car, site);
  const [primary, ...others] = cardActions(car, site);
  return (
    <article
      className={skeleton ? "car-card card card-skeleton" : "car-card card"}
      data-car-id={skeleton ? undefined : car.id}
      aria-hidden={skeleton || undefined}
      inert={skeleton || undefined}
    >
      <div className="media">{skeleton ? null : <CardMedia car={car} eager={eager} />}</div>
      <div className="body">
        <h3 className="title">
          {/* Stretched over the card (cards.css), so the photo opens the car too. */}
          <a className="card-link" href={`/cars/${car.slug}`}>
            {car.name}
          </a>
        </h3>
        <ul className="facts">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <p className="price-line">
          <span className="price">{car.price_text}</span>
          {car.was_text && (
            <span className="was-price">
              <span className="visually-hidden">Was </span>
              {car.was_text}
            </span>
          )}
          {car.weekly !== null && (
            <span className="weekly-chip">
              <span className="visually-hidden">Finance from </span>${formatNumber(car.weekly)}
              <span aria-hidden="true">/wk</span>
              <span className="visually-hidden"> per week</span>
            </span>
          )}
          {car.price_type && <span className="price-type">{car.price_type}</span>}
        </p>
        <div className="card-foot">
          {primary && (
            <a className={primary.kind === "details" ? "btn" : "btn btn-outline"} href={primary.href}>
              {primary.label}
              {primary.kind === "details" && <span className="visually-hidden">: {car.name}</span>}
            </a>
          )}
          {others.length > 0 && (
            <ul className="card-actions" aria-label={`More for ${car.name}`}>
              {others.map((action) => (
                <li key={action.kind}>
                  <a href={action.href}>{action.label}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </article>
  );
}

/** The card's photo and its tag (a badge image or a label). */
function CardMedia({ car, eager }: { car: CarSearchDocument; eager: boolean }) {
  return (
    <>
      <img
        src={cdnImage(car.image, 480)}
        srcSet={cdnSrcset(car.image, [320, 480, 640])}
        sizes={cdnSizes(car.image, "(min-width: 1232px) 290px, (min-width: 640px) 45vw, 100vw")}
        alt=""
        width={320}
        height={213}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      {car.tag &&
        (car.tag_image ? (
          <img
            className="badge"
            src={car.tag_image}
            alt={car.tag}
            width={72}
            height={72}
            loading={eager ? "eager" : "lazy"}
          />
        ) : (
          <span className="tag">{car.tag}</span>
        ))}
    </>
  );
}
