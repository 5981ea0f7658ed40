/**
 * The smallest analytics hook: push an event onto `window.dataLayer` (the tag manager picks it
 * up). Never throws and never blocks; on the server it does nothing.
 */

/**
 * Spec §7 event ids, all in one place. Which one a vehicle page or form fires: vehicleEventId
 * (vehicle/detail.ts: view and test drive by vehicle type) and formEventId (leads/forms.ts).
 */
export const ANALYTICS_EVENTS = {
  newVehicle: 14,
  usedVehicle: 15,
  testDrive: 17,
  defaultForm: 22,
  phoneTap: 25,
  financeCalculator: 26,
  save: 39,
  usedTestDrive: 48,
  careers: 51,
} as const;

/**
 * Spec §7 lists these ids among the site's analytics events but names no event for them, so the
 * site fires none of them: a dealer whose tag manager expects one maps it to an event there
 * (README, "Analytics event ids"). Inventing an event for them would send wrong data.
 */
export const UNASSIGNED_ANALYTICS_IDS = [4, 18, 49, 60, 61] as const;

export interface AnalyticsEvent extends Record<string, unknown> {
  event: "dealer_event";
  eventId: number;
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    /** The social ad pixel's queue function, when the tenant's tag manager loads it. */
    fbq?: (...args: unknown[]) => void;
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

/**
 * Spec §7 social ad pixel: a ViewContent event with the vehicle's fields. Sent to the pixel when
 * it is on the page, else queued on the data layer for the tag manager. Never throws.
 */
export function socialViewContent(vehicle: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  try {
    if (typeof window.fbq === "function") window.fbq("track", "ViewContent", vehicle);
    else {
      window.dataLayer ??= [];
      window.dataLayer.push({ event: "ViewContent", ...vehicle });
    }
  } catch (error) {
    console.warn("analytics", error);
  }
}
