/**
 * The line above the results that says what the search understood: "Showing white Toyota HiLux
 * under $40,000", so a shopper sees why the chips appeared and can search all the words instead.
 */
import { formatNumber } from "~/lib/format";
import type { Bounds, Understanding } from "./parse";
import type { Vocabulary } from "./vocabulary";

const money = (value: number) => `$${formatNumber(value)}`;

function bounds(
  { min, max }: Bounds,
  say: (value: number) => string,
  over = "from",
  under = "under",
): string {
  if (min !== undefined && max !== undefined) return min === max ? say(min) : `${say(min)} to ${say(max)}`;
  return min !== undefined ? `${over} ${say(min)}` : `${under} ${say(max as number)}`;
}

/** What was understood, in words: "used white Toyota HiLux diesel ute in Ballina 2019 or newer under $40,000". */
export function describeUnderstanding(understanding: Understanding, vocabulary: Vocabulary): string {
  const { said, refinementList, range } = understanding;
  const models = refinementList.model ?? [];
  const makeless = !refinementList.make;
  const model = models.length
    ? models
        .map((name) => (makeless && vocabulary.makeOf[name] ? `${vocabulary.makeOf[name]} ${name}` : name))
        .join(" or ")
    : undefined;
  const year = range.year;
  const parts = [
    said.car_type,
    said.colour,
    said.make,
    model,
    said.badge,
    said.fuel,
    said.transmission,
    said.drive,
    said.body,
    said.filtered_features && `with ${said.filtered_features}`,
    said.seats,
    range.sleeps?.min !== undefined && `sleeps ${range.sleeps.min}+`,
    (said.city ?? said.location_name) && `in ${said.city ?? said.location_name}`,
    year &&
      (year.min !== undefined && year.max === undefined
        ? `${year.min} or newer`
        : year.max !== undefined && year.min === undefined
          ? `${year.max} or older`
          : bounds(year, String)),
    range.price && bounds(range.price, money),
    range.weekly && `${bounds(range.weekly, money)} a week`,
    range.km && bounds(range.km, (km) => `${formatNumber(km)} km`, "over"),
    understanding.query && `matching “${understanding.query}”`,
  ];
  return parts.filter(Boolean).join(" ");
}
