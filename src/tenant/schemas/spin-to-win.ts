import { z } from "zod";

/**
 * A Spin to Win campaign (spec §2 /spin-to-win; §4 gated per site by `gating.spin_to_win`): the
 * shopper leaves their details, spins once, and the dealer gets the entry with the prize won.
 */
export const spinToWinSchema = z
  .object({
    /** One spin per mobile number per campaign: a new id starts a new round. */
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "must be lower-case letters, digits and dashes, e.g. summer-2026"),
    title: z.string().trim().min(1).default("Spin to Win"),
    intro: z.string().trim().default(""),
    /** Open on/after start and on/before expiry; each optional. */
    start: z.iso.datetime({ offset: true }).optional(),
    expiry: z.iso.datetime({ offset: true }).optional(),
    /** The wheel's segments, clockwise from the top; a prize's weight is its share of the odds. */
    prizes: z
      .array(
        z
          .object({
            label: z.string().trim().min(1).max(40),
            weight: z.number().int().min(1).max(1000),
          })
          .strict(),
      )
      .min(2, "needs at least 2 prizes")
      .max(12, "has room for 12 prizes at most"),
    /** How the prize is claimed, shown under the wheel and sent with the entry. */
    terms: z.string().trim().min(1),
  })
  .strict();

export type SpinToWin = z.infer<typeof spinToWinSchema>;
