/**
 * GET /api/appointments?location_id=&date=YYYY-MM-DD: the test-drive slots a location offers on a
 * day (see appointments.ts). Closed days answer an empty list; bad input 400; unknown location 404.
 */

import { z } from "zod";
import { locationTimeZone } from "~/features/locations/locations";
import { clock } from "~/server/clock";
import { type CallContext, fieldErrors, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { appointmentSlots } from "./appointments";

export const appointmentsQuerySchema = z
  .object({
    location_id: z
      .string({ error: "is required" })
      .regex(/^\d{1,9}$/, "must be a location id")
      .transform(Number),
    date: z.iso.date({ error: "must be a date like 2026-06-20" }),
  })
  .strict();

export interface AppointmentsOptions extends Omit<CallContext, "db"> {
  now?: () => Date;
}

export function createAppointmentsHandler(options: AppointmentsOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return handleCall({ name: "appointments", allow: "GET" }, options, (call) => {
    const { req, data } = call;
    const query = appointmentsQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!query.success) {
      return json({ error: ERRORS.appointments.invalid, fields: fieldErrors(query.error.issues) }, 400);
    }
    const { location_id, date } = query.data;
    const location = data.locations.find((candidate) => candidate.id === location_id);
    if (!location) return json({ error: ERRORS.request.unknownLocation }, 404);
    return json({
      location_id,
      date,
      time_zone: locationTimeZone(location),
      slots: appointmentSlots(location, date, now()),
    });
  });
}
