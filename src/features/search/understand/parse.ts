/**
 * Query understanding: the words a shopper types ("white hilux under 40k", "7 seater diesel suv",
 * "auto ute 2019+") become the search state's own refinements, and the words left over stay the
 * text query. Pure and deterministic, no network: it runs in the search worker over the tenant's
 * vocabulary (vocabulary.ts), and the same result builds the Meilisearch filter (filter.ts).
 */
import { bodyLabel } from "~/features/stock/specifications";
import type { UnderstoodList, UnderstoodRange, Vocabulary } from "./vocabulary";
import {
  BERTH_WORDS,
  BOUNDS,
  CHEAP_WORDS,
  COLOUR_WORDS,
  FILLER,
  KM_WORDS,
  LOW_KM,
  LOW_KM_WORDS,
  NUMBER_WORDS,
  PLACE_WORDS,
  SEAT_WORDS,
  SLEEP_WORDS,
  SYNONYMS,
  WEEK_WORDS,
  WEEKLY_WORDS,
  YEAR_AFTER_WORDS,
  YEAR_BEFORE_WORDS,
} from "./words";

export interface Bounds {
  min?: number;
  max?: number;
}

export interface Understanding {
  /** Facet values by attribute (values of one attribute are alternatives, as ticked boxes are). */
  refinementList: Partial<Record<UnderstoodList, string[]>>;
  range: Partial<Record<UnderstoodRange, Bounds>>;
  /** The words left over, as typed: the text query. */
  query: string;
  /** How the line names each understood attribute ("white", "HiLux", "ute"). */
  said: Partial<Record<UnderstoodList, string>>;
}

/** Letters and digits only: "C-HR", "c hr" and "CHR" read alike; "+" stays ("e+", "2019+"). */
export const keyOf = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9+]/g, "");

interface Entry {
  attribute: UnderstoodList;
  values: string[];
  said: string;
  /** Lower wins when one phrase names several things: a make before a model before a badge. */
  rank: number;
}

interface Compiled {
  entries: Map<string, Entry[]>;
  /** Keys of one word and at least four letters, for "hilx" and "dieseel" (one edit away). */
  typoKeys: string[];
  /** The longest phrase, in words. */
  longest: number;
}

const RANK: Record<UnderstoodList, number> = {
  make: 1,
  model: 2,
  car_type: 3,
  fuel: 3,
  transmission: 3,
  drive: 3,
  body: 3,
  colour: 4,
  city: 5,
  location_name: 6,
  badge: 7,
  filtered_features: 8,
  seats: 9,
};

const phrases = (list: string) => list.split("|");
const wordsOf = (text: string) => text.split(/[\s/-]+/).filter(Boolean);
const lowerLabel = (label: string) => (/[a-z]/.test(label) ? label.toLowerCase() : label);

/** How the line names a facet value: "ute", "SUV", "automatic", "4WD", "HiLux". */
function sayValue(attribute: UnderstoodList, value: string): string {
  if (attribute === "body") return lowerLabel(bodyLabel(value));
  if (attribute === "fuel" || attribute === "transmission" || attribute === "car_type")
    return lowerLabel(value);
  return value;
}

function compile(vocabulary: Vocabulary): Compiled {
  const entries = new Map<string, Entry[]>();
  let longest = 1;
  const add = (phrase: string, entry: Entry) => {
    const key = keyOf(phrase);
    if (!key) return;
    longest = Math.max(longest, wordsOf(phrase).length);
    const list = entries.get(key) ?? [];
    if (!list.some((e) => e.attribute === entry.attribute && e.values.join() === entry.values.join()))
      list.push(entry);
    entries.set(key, list);
  };
  const { values } = vocabulary;
  const inStock = (attribute: UnderstoodList, wanted: string) =>
    values[attribute].find((value) => value.toLowerCase() === wanted.toLowerCase());
  for (const [list, attribute, targets, mode] of SYNONYMS) {
    const found = phrases(targets)
      .map((target) => inStock(attribute, target))
      .filter((value): value is string => value !== undefined);
    const chosen = mode === "all" ? found : found.slice(0, 1);
    if (chosen.length === 0) continue;
    const said = chosen.map((value) => sayValue(attribute, value)).join(" or ");
    for (const phrase of phrases(list))
      add(phrase, { attribute, values: chosen, said, rank: RANK[attribute] });
  }
  for (const [word, names] of Object.entries(COLOUR_WORDS)) {
    const colours = values.colour.filter((colour) =>
      wordsOf(colour.toLowerCase()).some((part) => names.includes(part)),
    );
    if (colours.length) add(word, { attribute: "colour", values: colours, said: word, rank: RANK.colour });
  }
  for (const attribute of Object.keys(RANK) as UnderstoodList[]) {
    if (attribute === "seats") continue;
    for (const value of values[attribute]) {
      const entry = { attribute, values: [value], said: sayValue(attribute, value), rank: RANK[attribute] };
      add(value, entry);
      if (attribute === "body") add(bodyLabel(value), entry);
      const words = wordsOf(value);
      // "Toowoomba City", "Tweed Heads South": the town's own name finds it too.
      if (
        attribute === "city" &&
        words.length > 1 &&
        /^(city|south|north|east|west|central)$/i.test(words.at(-1) ?? "")
      )
        add(words.slice(0, -1).join(" "), entry);
      // "LandCruiser Prado" beside "LandCruiser": "prado" alone finds it.
      const last = words.at(-1) ?? "";
      if (
        attribute === "model" &&
        words.length > 1 &&
        /^[a-z]{4,}$/i.test(last) &&
        values.model.includes(words.slice(0, -1).join(" "))
      )
        add(last, entry);
      // "Outback Caravans Toowoomba": the dealership's town finds it ("in Toowoomba").
      if (attribute === "location_name" && words.length > 1)
        add(words.at(-1) as string, { ...entry, rank: 6 });
    }
  }
  // A run of two or more words inside one feature's name, when no other feature has it: "off road"
  // finds "Independent Off-Road Suspension" at a caravan dealer whose stock has it.
  const runs = new Map<string, Set<string>>();
  for (const feature of values.filtered_features) {
    const words = wordsOf(feature);
    for (let start = 0; start < words.length; start++)
      for (let end = start + 1; end <= words.length; end++) {
        // One word names a feature when it is long and no colour ("ensuite", "leather").
        if (
          end === start + 1 &&
          (!/^[a-z]{5,}$/i.test(words[start] as string) ||
            (words[start] as string).toLowerCase() in COLOUR_WORDS)
        )
          continue;
        const key = keyOf(words.slice(start, end).join(""));
        const owners = runs.get(key) ?? new Set();
        owners.add(feature);
        runs.set(key, owners);
      }
  }
  for (const [key, owners] of runs) {
    if (owners.size !== 1 || entries.has(key)) continue;
    const feature = [...owners][0] as string;
    entries.set(key, [{ attribute: "filtered_features", values: [feature], said: feature, rank: 9 }]);
  }
  const typoKeys = [...entries.keys()].filter((key) => key.length >= 4 && !/\d/.test(key));
  return { entries, typoKeys, longest: Math.min(longest, 6) };
}

const compiled = new WeakMap<Vocabulary, Compiled>();

/** At most one edit apart (a letter added, dropped, changed, or two swapped). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

interface Token {
  raw: string;
  key: string;
}

/** Writes "$40,000", "50000km", "<40k", "$150/wk", "20k-30k" and "7-seater" the way the rules read them. */
function normalise(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}(?!\d))/g, "$1")
    .replace(/(\d)\s*(kms?|klms|kilomet(?:re|er)s?)\b/gi, "$1 $2")
    .replace(/\s*(?:\/\s*(?:week|wk|w)\b|\bp\/w\b)/gi, " per week")
    .replace(/(\d)(pw)\b/gi, "$1 $2")
    .replace(/<=?\s*/g, " under ")
    .replace(/>=?\s*/g, " over ")
    .replace(/(\d)-(seat|sleep|berth)/gi, "$1 $2")
    .replace(/(\$?\d+k?)\s*[-–]\s*(\$?\d+k?)(?![\w.'"])/gi, (whole, a: string, b: string) =>
      /[$k]/i.test(whole) || (/^(19|20)\d\d$/.test(a) && /^(19|20)\d\d$/.test(b)) ? `${a} to ${b}` : whole,
    );
}

interface Amount {
  value: number;
  money: boolean;
  thousands: boolean;
  plus: boolean;
}

function amountOf(token: Token | undefined): Amount | null {
  const match = token && /^(\$)?(\d+(?:\.\d+)?)(k|m)?(\+)?$/i.exec(token.raw.replace(/[.,;:!?]$/, ""));
  if (!match) return null;
  const unit = match[3]?.toLowerCase();
  const value = Number(match[2]) * (unit === "k" ? 1000 : unit === "m" ? 1_000_000 : 1);
  return { value, money: match[1] === "$", thousands: unit !== undefined, plus: match[4] === "+" };
}

const isYear = (amount: Amount, thisYear: number) =>
  !amount.money &&
  !amount.thousands &&
  Number.isInteger(amount.value) &&
  amount.value >= 1950 &&
  amount.value <= thisYear + 1;

interface Found {
  start: number;
  length: number;
  /** The range it sets, for "weekly under $120" (a price that is a weekly repayment). */
  bounds?: { attribute: UnderstoodRange; bounds: Bounds };
  apply: (result: Understanding) => void;
}

/** The parts of the understanding a phrase at `start` makes, longest phrase first. */
class Reader {
  constructor(
    private readonly tokens: Token[],
    private readonly vocabulary: Vocabulary,
    private readonly table: Compiled,
    private readonly thisYear: number,
    /** The models understood, when known: a badge then counts only if one of them has it. */
    private readonly models: readonly string[] | null = null,
  ) {}

  /** How many tokens from `at` spell one of the phrases (0 when none). */
  phrase(at: number, list: string): number {
    for (const phrase of phrases(list)) {
      const words = wordsOf(phrase);
      if (words.every((word, i) => this.tokens[at + i]?.key === keyOf(word))) return words.length;
    }
    return 0;
  }

  number(at: number): number | null {
    const token = this.tokens[at];
    if (!token) return null;
    const amount = amountOf(token);
    if (amount && !amount.money && !amount.thousands) return amount.value;
    return NUMBER_WORDS[token.key] ?? null;
  }

  private hasRange(attribute: UnderstoodRange): boolean {
    return this.vocabulary.ranges.includes(attribute);
  }

  private range(start: number, length: number, attribute: UnderstoodRange, bounds: Bounds): Found | null {
    if (!this.hasRange(attribute)) return null;
    return {
      start,
      length,
      bounds: { attribute, bounds },
      apply: (result) => {
        result.range[attribute] = { ...result.range[attribute], ...bounds };
      },
    };
  }

  private list(start: number, length: number, entry: Entry): Found {
    return {
      start,
      length,
      apply: (result) => {
        const values = result.refinementList[entry.attribute] ?? [];
        for (const value of entry.values) if (!values.includes(value)) values.push(value);
        result.refinementList[entry.attribute] = values;
        const said = result.said[entry.attribute];
        result.said[entry.attribute] = said && said !== entry.said ? `${said} or ${entry.said}` : entry.said;
      },
    };
  }

  /** Seats, berths: "7 seater", "seven seats", "sleeps 4", "4 berth". */
  counts(at: number): Found | null {
    const n = this.number(at);
    const seats = n !== null ? this.phrase(at + 1, SEAT_WORDS) : 0;
    if (seats && n !== null && this.vocabulary.values.seats.includes(String(n)))
      return this.list(at, 1 + seats, {
        attribute: "seats",
        values: [String(n)],
        said: `${n} seats`,
        rank: RANK.seats,
      });
    const berths = n !== null ? this.phrase(at + 1, BERTH_WORDS) : 0;
    if (berths && n !== null) return this.range(at, 1 + berths, "sleeps", { min: n });
    const sleeps = this.phrase(at, SLEEP_WORDS);
    const sleepers = sleeps ? this.number(at + sleeps) : null;
    if (sleeps && sleepers !== null) return this.range(at, sleeps + 1, "sleeps", { min: sleepers });
    return null;
  }

  /** The unit after an amount: kilometres, or a week (weekly repayments). */
  private unit(at: number): { attribute: "km" | "weekly"; length: number } | null {
    const km = this.phrase(at, KM_WORDS);
    if (km) return { attribute: "km", length: km };
    const week = this.phrase(at, WEEK_WORDS);
    return week ? { attribute: "weekly", length: week } : null;
  }

  /** Prices, kilometres, weekly repayments and years, with or without a bound before them. */
  amounts(at: number): Found | null {
    let bound: (typeof BOUNDS)[number][1] | null = null;
    let boundLength = 0;
    for (const [list, kind] of BOUNDS) {
      const length = this.phrase(at, list);
      if (length) {
        bound = kind;
        boundLength = length;
        break;
      }
    }
    const first = amountOf(this.tokens[at + boundLength]);
    if (!first) return null;
    let next = at + boundLength + 1;
    // "between 20 and 30k", "20k to 30k", "2017 to 2020"
    const joined = this.phrase(next, bound === "between" ? "and|to|-" : "to");
    const second = joined ? amountOf(this.tokens[next + joined]) : null;
    if (bound === "between" && !second) return null;
    if (second) {
      next += joined + 1;
      const low =
        second.thousands && !first.thousands && first.value < 1000 ? first.value * 1000 : first.value;
      const bounds = { min: Math.min(low, second.value), max: Math.max(low, second.value) };
      const unit = this.unit(next);
      if (unit) return this.range(at, next - at + unit.length, unit.attribute, bounds);
      if (isYear(first, this.thisYear) && isYear(second, this.thisYear))
        return this.range(at, next - at, "year", bounds);
      if (first.money || first.thousands || second.money || second.thousands || low >= 1000)
        return this.range(at, next - at, "price", bounds);
      return null;
    }
    const unit = this.unit(next);
    const value = first.value;
    if (unit) {
      const length = next - at + unit.length;
      return this.range(at, length, unit.attribute, bound === "min" ? { min: value } : { max: value });
    }
    if (isYear(first, this.thisYear)) {
      if (first.plus) return this.range(at, next - at, "year", { min: value });
      const after = this.phrase(next, YEAR_AFTER_WORDS);
      if (after && !bound) return this.range(at, next - at + after, "year", { min: value });
      const before = this.phrase(next, YEAR_BEFORE_WORDS);
      if (before && !bound) return this.range(at, next - at + before, "year", { max: value });
      const length = next - at;
      if (bound === "after") return this.range(at, length, "year", { min: value + 1 });
      if (bound === "before") return this.range(at, length, "year", { max: value - 1 });
      if (bound === "min") return this.range(at, length, "year", { min: value });
      if (bound === "max") return this.range(at, length, "year", { max: value });
      return this.range(at, length, "year", { min: value, max: value });
    }
    if (bound === "after" || bound === "before") return null;
    if (!first.money && !first.thousands && value < 1000) return null;
    return this.range(at, next - at, "price", bound === "min" ? { min: value } : { max: value });
  }

  /** "cheap", "low km". */
  words(at: number): Found | null {
    const low = this.phrase(at, LOW_KM_WORDS);
    if (low) return this.range(at, low, "km", { max: LOW_KM });
    const cheap = this.phrase(at, CHEAP_WORDS);
    if (cheap && this.vocabulary.cheapMax !== null)
      return this.range(at, cheap, "price", { max: this.vocabulary.cheapMax });
    return null;
  }

  private best(found: Entry[] | undefined): Entry | undefined {
    const { models } = this;
    const entries = found?.filter(
      (entry) =>
        entry.attribute !== "badge" ||
        !models ||
        (this.vocabulary.badgeModels[entry.values[0] as string] ?? []).some((model) =>
          models.includes(model),
        ),
    );
    if (!entries?.length) return undefined;
    const top = Math.min(...entries.map((entry) => entry.rank));
    const tied = entries.filter((entry) => entry.rank === top);
    // Two different things equally likely ("Ti" the badge of two models is one badge): take the first.
    return tied[0];
  }

  /** The vocabulary's longest phrase starting at `at`; one word also as a plural or one edit away. */
  known(at: number): { entry: Entry; length: number } | null {
    for (let length = Math.min(this.table.longest, this.tokens.length - at); length >= 1; length--) {
      const key = this.tokens
        .slice(at, at + length)
        .map((token) => token.key)
        .join("");
      const entry = this.best(this.table.entries.get(key));
      if (entry) return { entry, length };
    }
    const key = this.tokens[at]?.key ?? "";
    if (key.length >= 3 && key.endsWith("s")) {
      const entry =
        this.best(this.table.entries.get(key.slice(0, -1))) ??
        (key.endsWith("es") ? this.best(this.table.entries.get(key.slice(0, -2))) : undefined);
      if (entry) return { entry, length: 1 };
    }
    if (key.length < 4 || /\d/.test(key) || FILLER.has(key)) return null;
    const near = this.table.typoKeys.filter((candidate) => withinOneEdit(key, candidate));
    const entries = near.flatMap((candidate) => this.table.entries.get(candidate) ?? []);
    const entry = this.best(entries);
    if (!entry) return null;
    // One edit from two different things ("bass": "bus"? "base"?) is no understanding.
    const rivals = entries.filter((e) => e.rank === entry.rank && e.values.join() !== entry.values.join());
    return rivals.length ? null : { entry, length: 1 };
  }

  at(at: number): Found | null {
    // "weekly under $120", "repayments under 150": the amount is a weekly repayment.
    const weekly = this.phrase(at, WEEKLY_WORDS);
    const repayment = weekly ? this.amounts(at + weekly) : null;
    if (repayment?.bounds?.attribute === "price") {
      const found = this.range(at, weekly + repayment.length, "weekly", repayment.bounds.bounds);
      if (found) return found;
    }
    const counted = this.counts(at) ?? this.amounts(at) ?? this.words(at);
    if (counted) return counted;
    const found = this.known(at);
    if (found) return this.list(at, found.length, found.entry);
    // "near Ballina", "in Southport": the place word goes with the place.
    const place = this.phrase(at, PLACE_WORDS);
    if (place) {
      const where = this.known(at + place);
      if (where && (where.entry.attribute === "city" || where.entry.attribute === "location_name"))
        return this.list(at, place + where.length, where.entry);
    }
    return null;
  }
}

function read(tokens: Token[], reader: Reader): { result: Understanding; covered: Set<number> } {
  const result: Understanding = { refinementList: {}, range: {}, query: "", said: {} };
  const covered = new Set<number>();
  for (let at = 0; at < tokens.length; ) {
    const part = tokens[at]?.key ? reader.at(at) : null;
    if (!part) {
      at++;
      continue;
    }
    part.apply(result);
    for (let i = 0; i < part.length; i++) covered.add(at + i);
    at += part.length;
  }
  return { result, covered };
}

/** The shopper's words as refinements and the text left over. */
export function understandQuery(text: string, vocabulary: Vocabulary, thisYear: number): Understanding {
  let table = compiled.get(vocabulary);
  if (!table) {
    table = compile(vocabulary);
    compiled.set(vocabulary, table);
  }
  const tokens = normalise(text)
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => ({ raw, key: keyOf(raw) }));
  let read1 = read(tokens, new Reader(tokens, vocabulary, table, thisYear));
  // A badge counts only on a model understood with it ("hilux sr5 double cab 4x4", not
  // "rav4 gxl hybrid awd", where GXL Hybrid AWD is a Kluger's): read again knowing the models.
  const models = read1.result.refinementList.model;
  if (models && read1.result.refinementList.badge)
    read1 = read(tokens, new Reader(tokens, vocabulary, table, thisYear, models));
  const { result, covered } = read1;
  if (covered.size === 0) return { ...result, query: text.trim() };
  result.query = tokens
    .filter((token, i) => !covered.has(i) && !FILLER.has(token.key) && token.key !== "")
    .map((token) => token.raw)
    .join(" ");
  return result;
}

/** Whether anything became a refinement. */
export function understoodAnything(understanding: Understanding): boolean {
  return Object.keys(understanding.refinementList).length > 0 || Object.keys(understanding.range).length > 0;
}
