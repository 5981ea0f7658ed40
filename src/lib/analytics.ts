/**
 * The smallest analytics hook: push an event onto `window.dataLayer` (the tag manager picks it
 * up). Never throws and never blocks; on the server it does nothing.
 */

/** Spec §7 event ids used by the islands. */
export const ANALYTICS_EVENTS = { financeCalculator: 26 } as const;

export interface AnalyticsEvent extends Record<string, unknown> {
  event: "dealer_event";
  eventId: number;
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(eventId: number, data: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  try {
    window.dataLayer ??= [];
    const entry: AnalyticsEvent = { ...data, event: "dealer_event", eventId };
    window.dataLayer.push(entry);
  } catch (error) {
    // Spec §8: analytics failures are logged only.
    console.warn("analytics", error);
  }
}
