/** POST /api/reservations/cancel: the signed-in shopper cancels their hold; the deposit is refunded. */
import { createReserveCancelHandler } from "~/features/checkout/reserve.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { callContext } from "~/server/context";

export default createReserveCancelHandler({
  ...callContext(),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/reservations/cancel" };
