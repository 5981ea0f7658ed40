import { z } from "zod";

/** Budget finder 'Find cars for your budget' (spec §2, §9). */
export const budgetFinderSchema = z
  .object({
    enabled: z.boolean().default(true),
    /** Repayment frequency the finder opens with. */
    frequency: z.enum(["week", "month"]).default("month"),
    /** The tenant's own body-type tiles, in order (values of `simple_body`); up to 20 show. */
    bodies: z.array(z.string().min(1)).optional(),
    /** Quick-pick amounts of money inputs (spec §5 defaults $5,000 to $70,000). */
    quick_picks: z.array(z.number().positive()).default([5000, 10000, 20000, 30000, 40000, 50000, 70000]),
  })
  .strict();
