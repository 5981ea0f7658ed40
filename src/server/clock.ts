/**
 * The functions' clock. It is the real time, except under the e2e runner: the fixture sites are
 * built for one pinned instant (SOURCE_DATE_EPOCH) and the browser runs on the same instant, so
 * the runner sets TEST_NOW to it and the functions' sold windows, appointment slots, campaign
 * states and sessions agree with the pages, whatever the real date. Time still passes from there.
 *
 * A deployed function refuses TEST_NOW: on Netlify a pinned clock would misdate every lead and
 * expire every session, so a request that would read it fails loudly instead (answered 503).
 */

export const TEST_CLOCK_REFUSED =
  "TEST_NOW is set on a deployed function: it pins the clock for the test runner only. Remove it from the site's environment variables.";

/** The instant TEST_NOW pins, or null for the real clock; throws when deployed. */
export function pinnedInstant(env: NodeJS.ProcessEnv = process.env): Date | null {
  const value = env.TEST_NOW;
  if (!value) return null;
  if (env.NETLIFY || env.AWS_LAMBDA_FUNCTION_NAME) throw new Error(TEST_CLOCK_REFUSED);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()))
    throw new Error(`TEST_NOW must be an ISO 8601 instant, not "${value}"`);
  return instant;
}

/** Real milliseconds at this module's load: the pinned clock advances from its instant from here. */
const loadedAt = Date.now();

/** Now, as the functions see it. */
export function now(env: NodeJS.ProcessEnv = process.env): Date {
  const pinned = pinnedInstant(env);
  return pinned ? new Date(pinned.getTime() + (Date.now() - loadedAt)) : new Date();
}

/** `now` as the `() => Date` the feature handlers take. */
export const clock = (): Date => now();
