/**
 * Australian number plates: the registration states and what a plate may be once written the one
 * way (a trade-in's rego, a garage car's rego). Pure.
 */

/** Australian registration states (spec §3 regoState). */
export const REGO_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type RegoState = (typeof REGO_STATES)[number];

/** Plates are 2 to 7 letters and digits once spaces and hyphens are gone (personalised plates too). */
export function normaliseRego(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, "");
}
export const REGO_PATTERN = /^[A-Z0-9]{2,7}$/;
