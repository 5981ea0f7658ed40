/** GET/POST /api/reservations: pay a car's reserve deposit, or read a reserve payment and its hold. */
import { createReserveHandler } from "~/features/checkout/reserve.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { callContext } from "~/server/context";

export default createReserveHandler({
  ...callContext(),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/reservations" };
