/** POST /api/trade-in/accept: the shopper accepts the online offer ('3. Offer Accepted' lead). */
import { tradeInProvidersFromEnv } from "~/features/trade-in/providers.server";
import { createAcceptHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createAcceptHandler({ ...callContext(), ...tradeInProvidersFromEnv() });

export const config = { path: "/api/trade-in/accept" };
