/** POST /api/miscellaneous: spec §7, the valuation result stored on its lead (column_name valuation). */
import { tradeInProvidersFromEnv } from "~/features/trade-in/providers.server";
import { createMiscellaneousHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createMiscellaneousHandler({ ...callContext(), ...tradeInProvidersFromEnv() });

export const config = { path: "/api/miscellaneous" };
