/**
 * The search state in the address bar (instantsearch's router interface), as instantsearch.js's
 * history router keeps it with the options the search page used: our own address format
 * (routing.ts, through `createURL` and `parseURL`), a new history entry 400 ms after the last
 * change, Back and Forward read back from the address (and not written again), and the address
 * left as it is when the page's search goes. instantsearch.js's router carries a default URL
 * format, window titles and hooks the page never uses (scripts/lib/slim-browser-deps.ts leaves it
 * out of the browser bundle).
 */
import type { Router } from "instantsearch.js";

/** How long the address waits for the state to settle (typing, a slider) before a history entry. */
const WRITE_DELAY_MS = 400;

export function historyRouter<TRouteState>(options: {
  createURL: (routeState: TRouteState) => string;
  parseURL: (location: Location) => TRouteState;
}): Router<TRouteState> {
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let inPopState = false;
  let disposed = false;
  let onPopState: (() => void) | undefined;
  const read = () => options.parseURL(window.location);
  return {
    $$type: "ais.browser",
    read,
    write(routeState) {
      const url = options.createURL(routeState);
      clearTimeout(writeTimer);
      writeTimer = setTimeout(() => {
        // Not once the search has gone, nor for a state Back or Forward just brought.
        if (!disposed && !inPopState && url !== window.location.href) {
          window.history.pushState(routeState, "", url);
        }
        inPopState = false;
        writeTimer = undefined;
      }, WRITE_DELAY_MS);
    },
    onUpdate(callback) {
      onPopState = () => {
        clearTimeout(writeTimer);
        writeTimer = undefined;
        inPopState = true;
        callback(read());
      };
      window.addEventListener("popstate", onPopState);
    },
    createURL: (routeState) => options.createURL(routeState),
    dispose() {
      disposed = true;
      if (onPopState) window.removeEventListener("popstate", onPopState);
      clearTimeout(writeTimer);
    },
    start() {
      disposed = false;
    },
  };
}
