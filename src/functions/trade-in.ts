/** POST /api/trade-in: the trade-in flow's last step stores the lead (leads table + CRM outbox). */
import { tradeInProvidersFromEnv } from "~/features/trade-in/providers.server";
import { createTradeInHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createTradeInHandler({ ...callContext(), ...tradeInProvidersFromEnv() });

export const config = { path: "/api/trade-in" };
