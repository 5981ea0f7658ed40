/** GET /api/appointments?location_id=&date=: test-drive slots from the location's opening hours. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { createAppointmentsHandler } from "~/features/vehicle/appointments.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createAppointmentsHandler({
  tenantFor: (req) => tenantSlugFor(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/appointments" };
