import { z } from "zod";
import { fixedListSchema } from "./search";

/**
 * An end-of-financial-year sale (spec §2 /pages/eofy-sale and /eofy): a dated page of the cars
 * in the sale, each row a fixed list (a search filter with a limit) run at build time.
 */
export const eofySaleSchema = z
  .object({
    title: z.string().trim().min(1).default("EOFY Sale"),
    intro: z.string().trim().default(""),
    /** On/after start and on/before expiry; each optional. */
    start: z.iso.datetime({ offset: true }).optional(),
    expiry: z.iso.datetime({ offset: true }).optional(),
    lists: z.array(fixedListSchema).min(1, "needs at least one list of cars").max(4),
    /** Conditions shown under the cars (e.g. "Offers end 30 June 2027 or while stocks last."). */
    disclaimer: z.string().trim().default(""),
  })
  .strict();

export type EofySale = z.infer<typeof eofySaleSchema>;
