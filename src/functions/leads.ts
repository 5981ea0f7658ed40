/** POST /api/leads: every lead kind (src/features/leads/schemas.ts), stored before it answers. */
import { createLeadsHandler } from "~/features/leads/submit.server";
import { callContext } from "~/server/context";

export default createLeadsHandler(callContext());

export const config = { path: "/api/leads" };
