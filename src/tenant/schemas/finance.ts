import { z } from "zod";

/** Finance providers named by the spec; the key under a car's `finance_lenders`. */
export const FINANCE_PROVIDERS = [
  "youx",
  "taurus",
  "360 Finance",
  "AusLoans",
  "Manual",
  "Angle",
  "Powertorque",
  "Nissan Finance",
] as const;
export const financeProviderSchema = z.enum(FINANCE_PROVIDERS);
export type FinanceProvider = z.infer<typeof financeProviderSchema>;

const range = (min: number, max: number, step: number) =>
  z
    .object({ min: z.number(), max: z.number(), step: z.number().positive() })
    .strict()
    .refine((r) => r.min < r.max, "min must be below max")
    .default({ min, max, step });

/** Finance calculator constants (spec §9, detail page and dealer variant). */
export const financeCalculatorSchema = z
  .object({
    amount: range(1000, 100000, 500),
    term_years: range(1, 7, 0.5),
    interest: range(0.5, 15, 0.5),
    default_amount: z.number().positive().default(30000),
    default_term_years: z.number().positive().default(6),
    /** Site default interest rate, % p.a. */
    default_interest: z.number().positive().default(10),
    frequency: z.enum(["week", "fortnight", "month"]).default("week"),
    establishment_fee: z.number().min(0).default(0),
    /** Round repayments up (spec: "rounded up on one site"). */
    round_up: z.boolean().default(false),
  })
  .strict();

export const budgetFinderSchema = z
  .object({
    frequency: z.enum(["week", "month"]).default("month"),
    quick_picks: z.array(z.number().positive()).default([5000, 10000, 20000, 30000, 40000, 50000, 70000]),
  })
  .strict();
