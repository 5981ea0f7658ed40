/** POST /api/miscellaneous: spec §7, the valuation result stored on its lead (column_name valuation). */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createMiscellaneousHandler } from "~/features/trade-in/trade-in.server";

export default createMiscellaneousHandler(tradeInDeps);

export const config = { path: "/api/miscellaneous" };
