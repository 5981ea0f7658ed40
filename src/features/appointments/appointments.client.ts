/**
 * Browser helper for the test-drive dialog's optional date-time field: the slots a location offers
 * on a day. Throws with the server's message when the call fails, so the field can fall back to a
 * free date-time input.
 */
import type { AppointmentSlot } from "./appointments";

export const APPOINTMENTS_PATH = "/api/appointments";

/** `date` is the location's calendar date, "2026-06-20". */
export async function fetchAppointments(
  locationId: number,
  date: string,
  init: { signal?: AbortSignal } = {},
): Promise<AppointmentSlot[]> {
  const query = new URLSearchParams({ location_id: String(locationId), date });
  const response = await fetch(`${APPOINTMENTS_PATH}?${query}`, {
    headers: { accept: "application/json" },
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const body = (await response.json().catch(() => null)) as {
    slots?: AppointmentSlot[];
    error?: string;
  } | null;
  if (!response.ok || !Array.isArray(body?.slots)) {
    throw new Error(body?.error ?? `Appointments request failed (${response.status})`);
  }
  return body.slots;
}
