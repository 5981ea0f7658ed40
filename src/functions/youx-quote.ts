/** POST /api/youx/quote: a YouX weekly quote for a car (spec §7); YOUX_API_URL picks the real service. */
import { createQuoteHandler, quoteAdapterFromEnv } from "~/features/finance/youx.server";
import { callContext } from "~/server/context";

export default createQuoteHandler({ ...callContext(), adapter: quoteAdapterFromEnv() });

export const config = { path: "/api/youx/quote" };
