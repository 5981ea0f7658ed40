/**
 * Compare (spec §1 "compare", §4 "Favourite/compare toggle saved/not saved", §6 local storage, no
 * sign-in): up to COMPARE_LIMIT cars a shopper lines up side by side, kept in this browser, one
 * list per dealer site. Pure (it ships in the vehicle page's and /compare's scripts); where the
 * toggle shows is showsCompare (stock rules), what an entry holds compareEntry (entry.ts).
 */
import {
  asSavedCar,
  hasSavedCar,
  isText,
  parseSavedList,
  type SavedCar,
  withoutSavedCar,
} from "~/lib/saved-cars";

/** The spec gives no limit; three cars fit side by side on a laptop and scroll on a phone. */
export const COMPARE_LIMIT = 3;

/** The page that lines the cars up. */
export const COMPARE_PATH = "/compare";

export interface CompareRow {
  label: string;
  value: string;
}

/**
 * A compared car: the favourite fields plus what the table shows, as the vehicle page showed it
 * when the shopper last opened it (the page refreshes the entry on every visit).
 */
export interface CompareEntry extends SavedCar {
  price_text: string;
  was_text: string | null;
  /** e.g. "Drive Away". */
  price_note: string | null;
  rows: CompareRow[];
}

/** Where a site's comparison lives in localStorage. */
export function compareKey(siteSlug: string): string {
  return `compare:${siteSlug}`;
}

const textOrNull = (value: unknown): value is string | null => value === null || isText(value);

function asCompareEntry(item: unknown): CompareEntry | null {
  const car = asSavedCar(item);
  if (!car) return null;
  const { price_text, was_text, price_note, rows } = item as Record<string, unknown>;
  if (!isText(price_text) || !textOrNull(was_text) || !textOrNull(price_note) || !Array.isArray(rows))
    return null;
  return {
    ...car,
    price_text,
    was_text,
    price_note,
    rows: rows.filter(
      (row): row is CompareRow =>
        typeof row === "object" && row !== null && isText(row.label) && isText(row.value),
    ),
  };
}

/** A stored comparison, read defensively; never more than COMPARE_LIMIT cars. */
export function parseCompare(raw: string | null): CompareEntry[] {
  return parseSavedList(raw, asCompareEntry).slice(0, COMPARE_LIMIT);
}

export type CompareToggle = "added" | "removed" | "full";

/** Adds the car at the end (the table reads left to right in the order cars were added), removes it when already there, or refuses a car past the limit. */
export function toggleCompare(
  entries: readonly CompareEntry[],
  entry: CompareEntry,
): { entries: CompareEntry[]; result: CompareToggle } {
  if (hasSavedCar(entries, entry.id)) {
    return { entries: withoutSavedCar(entries, entry.id), result: "removed" };
  }
  if (entries.length >= COMPARE_LIMIT) return { entries: [...entries], result: "full" };
  return { entries: [...entries, entry], result: "added" };
}

/** The list with the car's stored entry replaced by what its page shows now (in place), or null when nothing changed. */
export function refreshCompare(entries: readonly CompareEntry[], entry: CompareEntry): CompareEntry[] | null {
  const index = entries.findIndex((saved) => saved.id === entry.id);
  if (index === -1 || JSON.stringify(entries[index]) === JSON.stringify(entry)) return null;
  return entries.map((saved, i) => (i === index ? entry : saved));
}

/** The toast after pressing Compare. */
export function compareToast(name: string, result: CompareToggle): string {
  if (result === "added") return `${name} is now in your comparison`;
  if (result === "removed") return `${name} is no longer in your comparison`;
  return `You can compare up to ${COMPARE_LIMIT} cars. Remove one to add ${name}.`;
}

export interface CompareTableRow {
  label: string;
  /** One per car, in the cars' order; null where a car does not list it. */
  values: (string | null)[];
  /** The cars do not all read the same (two or more cars). */
  differs: boolean;
}

/** Two or more cars that do not all read the same. */
export function valuesDiffer(values: readonly (string | null)[]): boolean {
  return values.length > 1 && new Set(values).size > 1;
}

/**
 * The rows of the side-by-side table: every label any car lists, in the order the vehicle page
 * lists them. Each entry's rows follow that order, so a label one car lacks goes in just before
 * the next label that car shares with the table (or at the end).
 */
export function compareTable(entries: readonly CompareEntry[]): CompareTableRow[] {
  const labels: string[] = [];
  for (const entry of entries) {
    const own = entry.rows.map((row) => row.label);
    own.forEach((label, i) => {
      if (labels.includes(label)) return;
      const next = own.slice(i + 1).find((later) => labels.includes(later));
      labels.splice(next === undefined ? labels.length : labels.indexOf(next), 0, label);
    });
  }
  return labels.map((label) => {
    const values = entries.map((entry) => entry.rows.find((row) => row.label === label)?.value ?? null);
    return { label, values, differs: valuesDiffer(values) };
  });
}
