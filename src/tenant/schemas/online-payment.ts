import { z } from "zod";

/**
 * Online payment (spec §2 /online-payment; §4 always behind sign-in): a signed-in shopper pays a
 * deposit, a balance or an invoice by card through the payment provider's hosted checkout.
 */
export const onlinePaymentSchema = z
  .object({
    /** The most one payment may be, in dollars (card limits and fraud exposure). */
    max_amount: z.number().int().min(1).max(1_000_000).default(50_000),
  })
  .strict();
