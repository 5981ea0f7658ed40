/** POST /api/trade-in: the trade-in flow's last step stores the lead (leads table + CRM outbox). */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createTradeInHandler } from "~/features/trade-in/trade-in.server";

export default createTradeInHandler(tradeInDeps);

export const config = { path: "/api/trade-in" };
