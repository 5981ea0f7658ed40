/** GET /api/appointments?location_id=&date=: test-drive slots from the location's opening hours. */
import { createAppointmentsHandler } from "~/features/appointments/appointments.server";
import { callContext } from "~/server/context";

export default createAppointmentsHandler(callContext());

export const config = { path: "/api/appointments" };
