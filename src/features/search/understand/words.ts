/**
 * Australian English for the search box: the words shoppers use for what the facets hold. A word
 * here names facet values; it is understood only where the tenant's stock has one of them.
 */
import type { UnderstoodList } from "./vocabulary";

/**
 * Words for facet values: each phrase names the values listed, the first one in stock (`first`) or
 * every one in stock (`all`: "2WD" is front or rear wheel drive).
 */
export const SYNONYMS: readonly [phrases: string, attribute: UnderstoodList, values: string, mode?: "all"][] =
  [
    ["auto|autos|automatic|automatics|auto trans|self shifting", "transmission", "Automatic"],
    ["manual|manuals|stick shift|manual trans", "transmission", "Manual"],
    ["4x4|4wd|4 wheel drive|four wheel drive|4by4", "drive", "4WD"],
    ["awd|all wheel drive", "drive", "AWD"],
    ["fwd|front wheel drive", "drive", "FWD"],
    ["rwd|rear wheel drive", "drive", "RWD"],
    ["2wd|two wheel drive|2 wheel drive", "drive", "FWD|RWD", "all"],
    ["petrol|unleaded|ulp", "fuel", "Petrol"],
    ["diesel|turbo diesel", "fuel", "Diesel"],
    ["hybrid|hev|self charging hybrid", "fuel", "Hybrid"],
    ["phev|plug in hybrid|plugin hybrid|plug in", "fuel", "Plug-in Hybrid"],
    ["ev|evs|bev|electric|electric car|electric vehicle|fully electric", "fuel", "Electric"],
    ["ute|utes|pickup|pick up|pickups|tray", "body", "ute"],
    ["cab chassis|tray back|trayback|tray top|traytop", "body", "cabChassis"],
    ["suv|suvs|4wd wagon", "body", "suv"],
    ["hatch|hatches|hatchback|hatchbacks", "body", "hatch"],
    ["sedan|sedans|saloon", "body", "sedan"],
    ["wagon|wagons|station wagon|estate", "body", "wagon|stationWagon"],
    ["people mover|people movers|peoplemover|minivan|mpv", "body", "peopleMover"],
    ["van|vans", "body", "van|caravan"],
    ["coupe|coupes", "body", "coupe"],
    ["convertible|convertibles|cabriolet|soft top", "body", "convertible"],
    ["caravan|caravans|travel trailer", "body", "caravan"],
    ["motorhome|motorhomes|motor home|campervan|camper van|rv", "body", "motorhome"],
    ["camper|campers|camper trailer|camper trailers", "body", "camperTrailer"],
    ["new|brand new", "car_type", "new"],
    ["used|second hand|secondhand|pre owned|preowned|pre loved|preloved", "car_type", "used"],
    ["demo|demos|demonstrator|ex demo", "car_type", "demo"],
  ];

/** Colour words: each matches every colour in stock with that word in its name ("Frosted White"). */
export const COLOUR_WORDS: Record<string, readonly string[]> = {
  white: ["white"],
  black: ["black"],
  silver: ["silver"],
  grey: ["grey", "gray"],
  gray: ["grey", "gray"],
  red: ["red"],
  blue: ["blue"],
  green: ["green"],
  yellow: ["yellow"],
  orange: ["orange"],
  brown: ["brown"],
  beige: ["beige"],
  gold: ["gold"],
  bronze: ["bronze"],
  purple: ["purple"],
  charcoal: ["charcoal"],
};

/** Words that come before a price, kilometres or year: "under 40k", "at least 2019". */
export const BOUNDS: readonly [phrases: string, bound: "max" | "min" | "before" | "after" | "between"][] = [
  ["under|below|less than|max|maximum|up to|upto|no more than|cheaper than|lower than|within|budget", "max"],
  ["over|above|more than|from|at least|min|minimum|greater than|starting at|starting from", "min"],
  ["newer than|after|later than", "after"],
  ["older than|before|earlier than", "before"],
  ["between", "between"],
];

/** After a year: "2019 or newer", "2015 or older". */
export const YEAR_AFTER_WORDS =
  "or newer|or later|onwards|onward|and newer|and up|or above|and above|plus|newer";
export const YEAR_BEFORE_WORDS = "or older|or earlier|and older|or below|older";

export const KM_WORDS = "km|kms|kilometres|kilometers|kilometre|kilometer|klms|ks|k's|mileage|odometer";
export const WEEK_WORDS = "per week|a week|pw|p w|weekly|per wk|a wk|wk|week";
/** Before an amount: "weekly under $120". */
export const WEEKLY_WORDS = "weekly repayments|weekly|repayments|repayment|payments";
export const SEAT_WORDS = "seater|seaters|seat|seats";
export const SLEEP_WORDS = "sleeps|sleeping|sleep";
export const BERTH_WORDS = "berth|berths|sleeper";

/** Words meaning a cheap price (the cheapest quarter of the stock) or low kilometres. */
export const CHEAP_WORDS = "cheap|cheapest|cheaper|budget|bargain|affordable|low price|low cost";
export const LOW_KM_WORDS = "low km|low kms|low kilometres|low kilometers|low mileage|low klms|low ks";
/** "Low km": this many kilometres or fewer. */
export const LOW_KM = 50_000;

/** Before a place: "near Ballina", "in Southport". */
export const PLACE_WORDS = "near|in|at|around|close to|nearby|located in|from";

/** Words that only join what was understood ("a white ute for sale"), dropped from the text left over. */
export const FILLER = new Set(
  "a an the for sale with and or in near at around of to i im want need looking show me any some car cars vehicle vehicles something please".split(
    " ",
  ),
);

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
