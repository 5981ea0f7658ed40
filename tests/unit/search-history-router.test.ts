/**
 * The search state in the address bar (src/features/search/ui/history-router.ts): one history entry
 * 400 ms after the last change, Back and Forward read from the address and not written back, and
 * nothing written once the page's search has gone. A stand-in window (Node has none) records the
 * history entries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { historyRouter } from "~/features/search/ui/history-router";

interface Route {
  query?: string;
}

let entries: string[];
let listeners: Map<string, () => void>;

beforeEach(() => {
  vi.useFakeTimers();
  entries = [];
  listeners = new Map();
  const location = { href: "https://bayside.example/search/new-used-and-demo-cars", search: "" };
  vi.stubGlobal("window", {
    location,
    history: {
      pushState: (_state: unknown, _title: string, url: string) => {
        entries.push(url);
        location.search = url.slice(url.indexOf("?"));
      },
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string, listener: () => void) => {
      if (listeners.get(type) === listener) listeners.delete(type);
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const router = () =>
  historyRouter<Route>({
    createURL: (route) => `/search/new-used-and-demo-cars${route.query ? `?query=${route.query}` : ""}`,
    parseURL: (location) => ({ query: new URLSearchParams(location.search).get("query") ?? undefined }),
  });

describe("the search page's history router", () => {
  it("adds one history entry 400 ms after the last change", () => {
    const address = router();
    address.write({ query: "hil" });
    vi.advanceTimersByTime(300);
    address.write({ query: "hilux" });
    vi.advanceTimersByTime(399);
    expect(entries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entries).toEqual(["/search/new-used-and-demo-cars?query=hilux"]);
    expect(address.createURL({ query: "ute" })).toBe("/search/new-used-and-demo-cars?query=ute");
    expect(address.read()).toEqual({ query: "hilux" });
  });

  it("reads Back and Forward from the address, drops a change waiting, and does not write that state back", () => {
    const address = router();
    const updates: Route[] = [];
    address.onUpdate((route) => updates.push(route));
    address.write({ query: "ute" });
    window.location.search = "?query=corolla";
    listeners.get("popstate")?.();
    expect(updates).toEqual([{ query: "corolla" }]);
    // The search follows the address and writes its state: no new entry for it.
    address.write({ query: "corolla" });
    vi.advanceTimersByTime(400);
    expect(entries).toEqual([]);
    // The shopper's next change is an entry again.
    address.write({ query: "mazda" });
    vi.advanceTimersByTime(400);
    expect(entries).toEqual(["/search/new-used-and-demo-cars?query=mazda"]);
  });

  it("writes nothing once disposed, and stops listening to Back", () => {
    const address = router();
    address.onUpdate(() => {});
    address.start?.();
    address.write({ query: "ute" });
    address.dispose();
    vi.advanceTimersByTime(400);
    address.write({ query: "hilux" });
    vi.advanceTimersByTime(400);
    expect(entries).toEqual([]);
    expect(listeners.has("popstate")).toBe(false);
  });
});
