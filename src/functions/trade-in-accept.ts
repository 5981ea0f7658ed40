/** POST /api/trade-in/accept: the shopper accepts the online offer ('3. Offer Accepted' lead). */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createAcceptHandler } from "~/features/trade-in/trade-in.server";

export default createAcceptHandler(tradeInDeps);

export const config = { path: "/api/trade-in/accept" };
