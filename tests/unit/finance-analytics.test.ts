import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_EVENTS, track } from "~/lib/analytics";

describe("analytics track (spec §7 event ids; failures only logged)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses event id 26 for the finance calculator", () => {
    expect(ANALYTICS_EVENTS.financeCalculator).toBe(26);
  });

  it("pushes the event and its data onto window.dataLayer, creating it when missing", () => {
    const window: { dataLayer?: Record<string, unknown>[] } = {};
    vi.stubGlobal("window", window);
    track(26, { car_id: 7 });
    track(26, { car_id: 8 });
    expect(window.dataLayer).toEqual([
      { event: "dealer_event", eventId: 26, car_id: 7 },
      { event: "dealer_event", eventId: 26, car_id: 8 },
    ]);
  });

  it("keeps an existing dataLayer and never lets data override the event id", () => {
    const window = { dataLayer: [{ event: "gtm.js" }] as Record<string, unknown>[] };
    vi.stubGlobal("window", window);
    track(26, { eventId: 99 });
    expect(window.dataLayer).toEqual([{ event: "gtm.js" }, { event: "dealer_event", eventId: 26 }]);
  });

  it("does nothing on the server", () => {
    expect(typeof globalThis.window).toBe("undefined");
    expect(() => track(26)).not.toThrow();
  });

  it("only warns when the data layer refuses the event", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("window", {
      dataLayer: {
        push: () => {
          throw new Error("blocked");
        },
      },
    });
    expect(() => track(26)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
