/** GET /api/appointments?location_id=&date=: test-drive slots from the location's opening hours. */

import { createAppointmentsHandler } from "~/features/appointments/appointments.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createAppointmentsHandler({
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/appointments" };
